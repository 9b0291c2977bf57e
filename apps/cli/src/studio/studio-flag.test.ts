import { openStudioPage, startStudioContractServer } from "@agentscope-ts/studio/testing";
import { createTestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build first.
import { runCli, startCli, tempDir } from "../../test/cli-process.js";
import { textReply } from "../../test/openai-script.js";

const CHAT = "/v1/chat/completions";

describe("agentscope --studio (subprocess, Studio contract server in the test)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it("run --studio: the run, its messages and its traces are in Studio, marked done at exit", async () => {
    const studio = await startStudioContractServer();
    try {
      await using server = await createTestServer({ [CHAT]: { response: [textReply("Four.")] } });
      const result = await runCli(
        [
          "run",
          "--no-tools",
          "--model",
          "openai:gpt-test",
          "--base-url",
          `${server.url}/v1`,
          "--studio",
          studio.url,
          "2+2?",
        ],
        { home: home.path, env: { OPENAI_API_KEY: "test" } },
      );
      expect(result.code, result.stderr).toBe(0);
      const runs = [...studio.store.runs.values()];
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ project: "agentscope-cli" });
      await studio.waitFor(() => runs[0]?.status === "done");
      const messages = [...studio.store.messages.values()];
      expect(messages.map((m) => [m.msg.name, m.msg.content])).toEqual([
        ["Friday", [{ type: "text", text: "Four." }]],
      ]);
      expect(studio.store.spans.map((s) => s.name)).toContain("invoke_agent Friday");
      expect(studio.store.calls.every((c) => c.status === 200)).toBe(true);
    } finally {
      await studio.close();
    }
  });

  it("chat with AGENTSCOPE_STUDIO_URL: turns answered in Studio and in the terminal, in order", async () => {
    const studio = await startStudioContractServer();
    try {
      await using server = await createTestServer({
        [CHAT]: { response: [textReply("Hello Studio."), textReply("Hello terminal.")] },
      });
      const cli = startCli(
        ["chat", "--no-tools", "--model", "openai:gpt-test", "--base-url", `${server.url}/v1`],
        {
          home: home.path,
          env: { OPENAI_API_KEY: "test", AGENTSCOPE_STUDIO_URL: studio.url },
        },
      );
      const question = await studio.waitFor(() => [...studio.store.inputRequests.values()][0]);
      const page = await openStudioPage(studio.url, question.runId);
      expect(
        await page.answer(question.requestId, [{ type: "text", text: "hi from studio" }]),
      ).toEqual({
        success: true,
      });
      page.close();
      await cli.waitForOutput("Hello Studio.");
      expect(cli.stdout()).toContain("hi from studio  (from AgentScope Studio)");
      // The next turn is asked in Studio again, and the terminal answers it.
      await studio.waitFor(() => studio.store.inputRequests.size === 1);
      cli.send("hi from the terminal");
      await cli.waitForOutput("Hello terminal.");
      cli.end();
      expect(await cli.exited, cli.stderr()).toBe(0);
      const messages = [...studio.store.messages.values()];
      expect(messages.map((m) => [m.msg.role, m.msg.content])).toEqual([
        ["user", "hi from studio"],
        ["assistant", [{ type: "text", text: "Hello Studio." }]],
        ["user", "hi from the terminal"],
        ["assistant", [{ type: "text", text: "Hello terminal." }]],
      ]);
      expect(messages.map((m) => studio.store.replies.get(m.replyId)?.replyRole)).toEqual([
        "user",
        "assistant",
        "user",
        "assistant",
      ]);
      await studio.waitFor(() => [...studio.store.runs.values()][0]?.status === "done");
    } finally {
      await studio.close();
    }
  });

  it("a Studio that is not there costs one warning, not the run; a bad URL is a usage error", async () => {
    const studio = await startStudioContractServer();
    const url = studio.url;
    await studio.close();
    await using server = await createTestServer({
      [CHAT]: { response: [textReply("Still here.")] },
    });
    const base = [
      "run",
      "--no-tools",
      "--model",
      "openai:gpt-test",
      "--base-url",
      `${server.url}/v1`,
    ];
    const result = await runCli([...base, "--studio", url, "hi"], {
      home: home.path,
      env: { OPENAI_API_KEY: "test" },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("Still here.");
    expect(result.stderr.match(/\[agentscope studio\].*unreachable/g)).toHaveLength(1);
    const bad = await runCli([...base, "--studio", "localhost:3000", "hi"], {
      home: home.path,
      env: { OPENAI_API_KEY: "test" },
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--studio "localhost:3000" is not an http\(s\) URL/);
  });
});
