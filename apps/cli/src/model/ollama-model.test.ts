import { Msg } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { runCli, tempDir } from "../../test/cli-process.js";
import { chooseModel } from "./model-choice.js";
import { loadOllamaModel } from "./ollama-model.js";

const piece = (content: string) => ({
  model: "qwen3",
  created_at: "2025-05-29T09:35:32.715236Z",
  message: { role: "assistant", content },
  done: false,
});
const done = {
  model: "qwen3",
  created_at: "2025-05-29T09:35:33.043453Z",
  message: { role: "assistant", content: "" },
  done_reason: "stop",
  done: true,
  prompt_eval_count: 12,
  eval_count: 4,
};
const reply = {
  type: "stream" as const,
  format: "ollama" as const,
  chunks: [piece("Hello"), piece(" from Ollama."), done],
};

describe("the ollama provider of the CLI", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it("loads @agentscope-ts/ollama on OLLAMA_HOST, streaming, with num_predict / num_ctx", async () => {
    await using server = await createTestServer({ "/api/chat": { response: reply } });
    const env = { OLLAMA_HOST: server.url };
    const choice = chooseModel({ model: "ollama:qwen3" }, env);
    const loaded = await loadOllamaModel(choice, {
      env,
      maxTokens: 64,
      contextSize: 4096,
      stderr: { write: () => true } as never,
    });
    expect(loaded.label).toBe("ollama:qwen3");
    expect(loaded.model.constructor.name).toBe("OllamaChatModel");
    const messages = await loaded.formatter.format([new Msg("user", "hi", "user")]);
    const response = await loaded.model.call(messages as Record<string, unknown>[]);
    expect(response.content).toEqual([{ type: "text", text: "Hello from Ollama." }]);
    expect(server.calls[0]?.path).toBe("/api/chat");
    expect(server.calls[0]?.body).toMatchObject({
      model: "qwen3",
      stream: true,
      keep_alive: "5m",
      options: { num_predict: 64, num_ctx: 4096 },
      messages: [{ role: "user", content: "hi" }],
    });
  });

  it("agentscope run answers through Ollama's native API, end to end (subprocess)", async () => {
    await using server = await createTestServer({ "/api/chat": { response: reply } });
    const result = await runCli(["run", "--model", "ollama:qwen3", "hi"], {
      home: home.path,
      env: { OLLAMA_HOST: server.url },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("Hello from Ollama.\n");
    expect(server.callsTo("/api/chat")).toHaveLength(1);
  });
});
