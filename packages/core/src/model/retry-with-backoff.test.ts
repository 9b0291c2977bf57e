import { afterEach, describe, expect, it, vi } from "vitest";
import { InterruptedError } from "../errors/interrupted-error.js";
import { ModelError } from "../errors/model-error.js";
import { abortableSleep } from "./abortable-sleep.js";
import { type RetryInfo, retryWithBackoff } from "./retry-with-backoff.js";

afterEach(() => {
  vi.useRealTimers();
});

const http = (status: number, retryAfterMs?: number) =>
  new ModelError(`HTTP ${status}`, {
    status,
    retryable: status === 429 || status >= 500,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });

describe("retryWithBackoff", () => {
  it("retries a 500 and returns the later success", async () => {
    const fn = vi.fn(async (attempt: number) => {
      if (attempt === 1) throw http(500);
      return "ok";
    });
    await expect(retryWithBackoff(fn, { initialDelayMs: 1 })).resolves.toBe("ok");
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it("does not retry a non-retryable 400", async () => {
    const error = http(400);
    const fn = vi.fn(async () => {
      throw error;
    });
    await expect(retryWithBackoff(fn, { initialDelayMs: 1 })).rejects.toBe(error);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("throws the last error once maxRetries are used up", async () => {
    let n = 0;
    const fn = vi.fn(async () => {
      n++;
      throw http(503 + n);
    });
    const promise = retryWithBackoff(fn, { maxRetries: 3, initialDelayMs: 1 });
    await expect(promise).rejects.toMatchObject({ status: 507 });
    expect(fn).toHaveBeenCalledTimes(4);
  });

  it("waits exactly retryAfterMs when the error carries it", async () => {
    vi.useFakeTimers();
    const times: number[] = [];
    const fn = async (attempt: number) => {
      times.push(Date.now());
      if (attempt === 1) throw http(429, 7000);
      return attempt;
    };
    const promise = retryWithBackoff(fn, { initialDelayMs: 10, maxDelayMs: 100 });
    await vi.advanceTimersByTimeAsync(6999);
    expect(times).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toBe(2);
    expect(times[1]! - times[0]!).toBe(7000);
  });

  it("throws at once when the server asks to wait longer than maxRetryAfterMs", async () => {
    const fn = vi.fn(async () => {
      throw http(429, 120_000);
    });
    await expect(retryWithBackoff(fn, { maxRetryAfterMs: 60_000 })).rejects.toMatchObject({
      status: 429,
    });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("grows delays exponentially up to maxDelayMs and reports each retry", async () => {
    vi.useFakeTimers();
    const retries: RetryInfo[] = [];
    const promise = retryWithBackoff(
      async () => {
        throw http(500);
      },
      {
        maxRetries: 4,
        initialDelayMs: 100,
        factor: 3,
        maxDelayMs: 1000,
        jitter: 0,
        onRetry: (info) => retries.push(info),
      },
    );
    const settled = promise.catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await settled).toMatchObject({ status: 500 });
    expect(retries.map((r) => r.delayMs)).toEqual([100, 300, 900, 1000]);
    expect(retries.map((r) => r.attempt)).toEqual([1, 2, 3, 4]);
  });

  it("keeps jittered delays between (1 - jitter) and 1 times the backoff", async () => {
    const delays: number[] = [];
    await retryWithBackoff(
      async (attempt) => {
        if (attempt < 6) throw http(502);
        return null;
      },
      {
        maxRetries: 5,
        initialDelayMs: 4,
        factor: 1,
        jitter: 0.5,
        onRetry: (i) => delays.push(i.delayMs),
      },
    );
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(2);
      expect(d).toBeLessThanOrEqual(4);
    }
  });

  it("retries raw network errors such as ECONNRESET", async () => {
    const fn = vi.fn(async (attempt: number) => {
      if (attempt === 1) throw Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
      if (attempt === 2) throw new TypeError("fetch failed");
      return "done";
    });
    await expect(retryWithBackoff(fn, { initialDelayMs: 1 })).resolves.toBe("done");
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it("stops a pending backoff wait with InterruptedError when the signal aborts", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const fn = vi.fn(async () => {
      throw http(500);
    });
    const outcome = retryWithBackoff(fn, {
      initialDelayMs: 60_000,
      jitter: 0,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5);
    expect(vi.getTimerCount()).toBe(1); // the 60 s backoff wait is pending
    controller.abort();
    expect(await outcome).toBeInstanceOf(InterruptedError);
    expect(vi.getTimerCount()).toBe(0); // and was cleared, not left to run out
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe("abortableSleep", () => {
  it("resolves after the delay", async () => {
    vi.useFakeTimers();
    let done = false;
    const p = abortableSleep(50).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(49);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(done).toBe(true);
  });

  it("rejects at once for an already aborted signal", async () => {
    await expect(abortableSleep(10_000, AbortSignal.abort())).rejects.toBeInstanceOf(
      InterruptedError,
    );
  });
});
