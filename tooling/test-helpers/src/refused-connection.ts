import { ModelError } from "@agentscope-ts/core";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { expect } from "vitest";

/**
 * Runs `call` against a test server that was closed first (nothing listens at its URL) and
 * checks what every provider must say then: a retryable `ModelError` of `provider`, keeping the
 * SDK's error as `cause`, whose message names the base URL's host and ends with `detail`
 * (the SDK's own words, e.g. "Connection error." or "fetch failed"; a RegExp when they vary).
 */
export async function expectRefusedConnectionNamesHost(
  provider: string,
  detail: string | RegExp,
  call: (closed: TestServer) => Promise<unknown>,
): Promise<void> {
  const closed = await createTestServer({});
  await closed.close();
  const error = await call(closed).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  expect(error).toMatchObject({ provider, retryable: true });
  const prefix = `${provider}: network error reaching ${new URL(closed.url).host} (ECONNREFUSED): `;
  const message = (error as Error).message;
  expect(message.startsWith(prefix), message).toBe(true);
  const rest = message.slice(prefix.length);
  if (typeof detail === "string") expect(rest).toBe(detail);
  else expect(rest).toMatch(detail);
  expect((error as ModelError).cause).toBeInstanceOf(Error);
}
