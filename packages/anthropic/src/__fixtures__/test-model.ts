// Test helpers: a model pointed at the test server (not part of the build).
import type { TestServer } from "@agentscope-ts/test-server";
import {
  AnthropicChatModel,
  type AnthropicChatModelOptions,
} from "../model/anthropic-chat-model.js";

/** An AnthropicChatModel on `server`, with quick retries. */
export function modelFor(server: TestServer, options: Partial<AnthropicChatModelOptions> = {}) {
  return new AnthropicChatModel({
    modelName: "claude-sonnet-5-5",
    apiKey: "test-key",
    baseURL: server.url,
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
}

/** Everything an async iterable yields. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}
