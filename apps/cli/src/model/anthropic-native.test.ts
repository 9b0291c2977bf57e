import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createTestServer, type StreamReplay } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { runCli, tempDir } from "../../test/cli-process.js";

const RECORD_IMPORTS = pathToFileURL(
  join(import.meta.dirname, "../../test/record-imports.mjs"),
).href;

/** A Messages API stream (Anthropic's SSE framing) answering `text`. */
function claudeReply(text: string): StreamReplay {
  return {
    type: "stream",
    format: "anthropic",
    chunks: [
      {
        type: "message_start",
        message: { id: "msg_cli", usage: { input_tokens: 20, output_tokens: 1 } },
      },
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      ...(text.match(/.{1,6}/gs) ?? []).map((piece) => ({
        type: "content_block_delta",
        index: 0,
        delta: { type: "text_delta", text: piece },
      })),
      { type: "content_block_stop", index: 0 },
      { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 6 } },
      { type: "message_stop" },
    ],
  };
}

describe("the anthropic provider entry (subprocess)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it("runs --model anthropic on @agentscope-ts/anthropic and the native Messages API", async () => {
    await using server = await createTestServer({
      "/v1/messages": { response: claudeReply("Hello from Claude.") },
    });
    const file = join(home.path, "anthropic.imports.txt");
    const result = await runCli(
      ["run", "--model", "anthropic", "--base-url", server.url, "--max-tokens", "300", "hi"],
      {
        home: home.path,
        env: { ANTHROPIC_API_KEY: "sk-ant-test", RECORD_IMPORTS_FILE: file },
        nodeArgs: ["--import", RECORD_IMPORTS],
      },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("Hello from Claude.\n");

    const urls = (await readFile(file, "utf8")).split("\n").filter(Boolean);
    expect(urls.some((u) => /\/anthropic\/dist\/index\.js$/.test(u))).toBe(true);
    expect(urls.filter((u) => /\/openai\/dist\//.test(u))).toEqual([]);

    expect(server.calls).toHaveLength(1);
    const call = server.calls[0]!;
    expect(call.path).toBe("/v1/messages");
    expect(call.headers.authorization).toBe("Bearer sk-ant-test");
    expect(call.body).toMatchObject({
      model: "claude-sonnet-5-5",
      max_tokens: 300,
      stream: true,
      system: [{ type: "text", text: expect.any(String) }],
      messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
    });
  });
});
