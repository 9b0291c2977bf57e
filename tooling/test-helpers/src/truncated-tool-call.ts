import { type ChatResponse, ModelError } from "@agentscope-ts/core";
import { expect } from "vitest";

/** Reads `stream` to its end: the chunks it yielded and the error it failed with (if any). */
export async function readUntilError<T>(
  stream: AsyncIterable<T>,
): Promise<{ chunks: T[]; error: unknown }> {
  const chunks: T[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk);
  } catch (error) {
    return { chunks, error };
  }
  return { chunks, error: undefined };
}

/**
 * Reads `stream` to its end and checks it fails as an answer with a truncated tool call must
 * (core's shared check): a retryable `ModelError` of `provider` naming the call `name` and saying
 * its arguments are incomplete JSON and the tool was not run. Returns the chunks that came first.
 */
export async function expectTruncatedToolCall(
  stream: AsyncIterable<ChatResponse>,
  expected: { provider: string; name: string },
): Promise<ChatResponse[]> {
  const { chunks, error } = await readUntilError(stream);
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

/**
 * Reads `stream` to its end and checks it fails with a retryable `ModelError` whose message
 * matches `message` (a provider's own "the stream ended before …" check). Returns the error.
 */
export async function expectRetryableStreamError(
  stream: AsyncIterable<unknown>,
  message: RegExp,
): Promise<ModelError> {
  const { error } = await readUntilError(stream);
  expect(error, "the stream should fail").toBeInstanceOf(ModelError);
  expect(error).toMatchObject({ retryable: true });
  expect((error as Error).message).toMatch(message);
  return error as ModelError;
}
