import { createTestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { runCli, tempDir } from "../../test/cli-process.js";

const PATH = "/api/v1/services/aigc/text-generation/generation";

/** DashScope stream events (incremental_output) answering `parts`, then `finish_reason: "stop"`. */
function dashscopeReply(parts: string[]) {
  return {
    type: "stream" as const,
    format: "dashscope" as const,
    chunks: parts.map((content, i) => ({
      output: {
        choices: [
          {
            message: { role: "assistant", content },
            finish_reason: i === parts.length - 1 ? "stop" : "null",
          },
        ],
      },
      usage: { input_tokens: 12, output_tokens: i + 1, total_tokens: 13 + i },
      request_id: "cli-dashscope-1",
    })),
  };
}

describe("--model dashscope:NAME uses @agentscope-ts/dashscope (subprocess)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it("talks to DashScope's native API with the key from DASHSCOPE_API_KEY", async () => {
    await using server = await createTestServer({
      [PATH]: { response: dashscopeReply(["Hello from ", "Qwen."]) },
    });
    const result = await runCli(
      ["run", "--model", "dashscope:qwen-max", "--base-url", `${server.url}/api/v1`, "hi"],
      { home: home.path, env: { DASHSCOPE_API_KEY: "ds-test" } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("Hello from Qwen.\n");
    expect(server.calls).toHaveLength(1);
    const call = server.calls[0];
    expect(call?.path).toBe(PATH);
    expect(call?.headers).toMatchObject({
      authorization: "Bearer ds-test",
      "x-dashscope-sse": "enable",
    });
    expect(call?.body).toMatchObject({
      model: "qwen-max",
      parameters: { result_format: "message", incremental_output: true },
    });
  });
});
