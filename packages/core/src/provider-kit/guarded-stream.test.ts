import { describe, expect, it } from "vitest";
import { ModelError } from "../errors/model-error.js";
import { guardedStream, streamBreakError } from "./guarded-stream.js";

describe("streamBreakError", () => {
  const normalized = new ModelError("p: reset", { provider: "p", retryable: true, status: 502 });

  it("keeps the error when no chunk came yet", () => {
    expect(streamBreakError(normalized, { provider: "p", yielded: 0, cause: null })).toBe(
      normalized,
    );
  });

  it("says the partial answer was discarded after chunks", () => {
    const error = streamBreakError(normalized, {
      provider: "p",
      yielded: 3,
      cause: "c",
      host: "h:1",
    });
    expect(error).toMatchObject({ provider: "p", retryable: true, status: 502, cause: "c" });
    expect((error as Error).message).toBe(
      "p: the response stream from h:1 broke off after 3 chunk(s) (p: reset). The partial answer was discarded.",
    );
  });
});

describe("guardedStream", () => {
  async function* parse(outcome: { yielded: number }, fail: unknown) {
    outcome.yielded++;
    yield 1;
    throw fail;
  }
  const normalize = (error: unknown) =>
    new ModelError(`p: ${(error as Error).message}`, { provider: "p", retryable: true });

  it("rewords a failure after chunks, and passes aborts and ModelErrors through", async () => {
    const read = async (fail: unknown, signal = new AbortController().signal) => {
      const outcome = { yielded: 0 };
      const seen: number[] = [];
      try {
        for await (const n of guardedStream(parse(outcome, fail), {
          provider: "p",
          signal,
          outcome,
          normalize,
        }))
          seen.push(n);
      } catch (error) {
        return { seen, error };
      }
      return { seen, error: undefined };
    };
    const broken = await read(new Error("reset"));
    expect(broken.seen).toEqual([1]);
    expect((broken.error as Error).message).toMatch(
      /^p: the response stream broke off after 1 chunk\(s\) \(p: reset\)/,
    );
    const own = new ModelError("mine");
    expect((await read(own)).error).toBe(own);
    const controller = new AbortController();
    controller.abort();
    const raw = new Error("aborted");
    expect((await read(raw, controller.signal)).error).toBe(raw);
  });
});
