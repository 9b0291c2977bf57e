import { ModelError } from "@agentscope-ts/core";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { expect } from "vitest";

/** What {@link expectHttpErrorShape} runs. */
export interface HttpErrorShapeCase {
  /** The provider id the errors must carry. */
  provider: string;
  /** The path the call posts to. */
  path: string;
  /** The error body the provider's API sends with `status`. */
  body: (status: number) => unknown;
  /** Whether the SDK shows the response headers, so `Retry-After` reaches `retryAfterMs` (default true). */
  readsRetryAfter?: boolean;
  /** Makes one call (retries off) to `server`. */
  call: (server: TestServer) => Promise<unknown>;
}

/**
 * Checks core's one error shape for a provider: an HTTP 401, 429 and 500 from its API each become
 * a `ModelError` `"<provider>: …"` with that `status`, `retryable` false for 401 and true for
 * 429/500, and `retryAfterMs` from `Retry-After` (where the SDK shows headers).
 */
export async function expectHttpErrorShape(c: HttpErrorShapeCase): Promise<void> {
  for (const [status, retryable] of [
    [401, false],
    [429, true],
    [500, true],
  ] as const) {
    await using server = await createTestServer({
      [c.path]: { response: { type: "error", status, retryAfter: 2, body: c.body(status) } },
    });
    const error = await c.call(server).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, `HTTP ${status}`).toBeInstanceOf(ModelError);
    expect(error, `HTTP ${status}`).toMatchObject({ provider: c.provider, status, retryable });
    if (c.readsRetryAfter !== false) expect((error as ModelError).retryAfterMs).toBe(2000);
    expect((error as Error).message.startsWith(`${c.provider}: `)).toBe(true);
  }
}
