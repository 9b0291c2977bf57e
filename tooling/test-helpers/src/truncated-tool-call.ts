import { type ChatResponse, ModelError } from "@agentscope-ts/core";
import { expect } from "vitest";

/**
 * Reads `stream` to its end and checks it fails as an answer with a truncated tool call must
 * (core's shared check): a retryable `ModelError` of `provider` naming the call `name` and saying
 * its arguments are incomplete JSON and the tool was not run. Returns the chunks that came first.
 */
export async function expectTruncatedToolCall(
  stream: AsyncIterable<ChatResponse>,
  expected: { provider: string; name: string },
): Promise<ChatResponse[]> {
  const chunks: ChatResponse[] = [];
  const error = await (async () => {
    for await (const chunk of stream) chunks.push(chunk);
  })().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "the stream should fail").toBeInstanceOf(ModelError);
  expect(error).toMatchObject({ provider: expected.provider, retryable: true });
  const message = (error as Error).message;
  expect(message).toContain(
    `answered with a truncated tool call: the arguments of "${expected.name}"`,
  );
  expect(message).toContain("are incomplete JSON");
  expect(message).toContain("The tool was not run");
  return chunks;
}
