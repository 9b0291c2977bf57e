import { createTestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { runCli, tempDir } from "../../test/cli-process.js";
import { parseCliArgs } from "../args/parse-args.js";
import { CliError } from "../cli-error.js";
import { chooseModel } from "./model-choice.js";

/** A streamed Responses API answer, event by event as the API reference documents them. */
function responsesReply(text: string) {
  const response = (status: string, usage: unknown) => ({
    id: "resp_cli_1",
    object: "response",
    status,
    model: "gpt-test",
    output: [],
    usage,
  });
  return {
    type: "stream" as const,
    format: "openai-responses" as const,
    chunks: [
      { type: "response.created", sequence_number: 0, response: response("in_progress", null) },
      ...[text.slice(0, 5), text.slice(5)].map((delta, i) => ({
        type: "response.output_text.delta",
        sequence_number: i + 1,
        item_id: "msg_1",
        output_index: 0,
        content_index: 0,
        delta,
      })),
      {
        type: "response.completed",
        sequence_number: 3,
        response: response("completed", { input_tokens: 12, output_tokens: 4, total_tokens: 16 }),
      },
    ],
  };
}

describe("--api responses", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it("is parsed, checked, and refused for the local model", () => {
    const parsed = parseCliArgs(["run", "--api", "responses", "hi"]);
    expect(parsed.kind === "run" && parsed.options.api).toBe("responses");
    expect(() => parseCliArgs(["--api", "completions"])).toThrow(
      /--api takes 'chat' or 'responses'/,
    );
    expect(() => parseCliArgs(["sessions", "--api", "chat"])).toThrow(CliError);
    expect(() => chooseModel({ model: "llama-cpp", api: "responses" }, {})).toThrow(
      /--api does not apply to llama-cpp/,
    );
  });

  it("talks to the Responses API of an OpenAI-compatible server", async () => {
    await using server = await createTestServer({
      "/v1/responses": { response: responsesReply("Hello from Responses.") },
    });
    const result = await runCli(
      [
        "run",
        "--api",
        "responses",
        "--model",
        "openai:gpt-test",
        "--base-url",
        `${server.url}/v1`,
        "--max-tokens",
        "50",
        "--no-tools",
        "Say hello.",
      ],
      { home: home.path, env: { OPENAI_API_KEY: "test" } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("Hello from Responses.\n");
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.path).toBe("/v1/responses");
    expect(server.calls[0]?.body).toMatchObject({
      model: "gpt-test",
      stream: true,
      max_output_tokens: 50,
      input: expect.arrayContaining([
        { role: "user", content: [{ type: "input_text", text: "Say hello." }] },
      ]),
    });
  });
});
