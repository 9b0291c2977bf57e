import { describe, expect, it } from "vitest";
import { ModelError } from "../errors/model-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { isNetworkError, isRetryableError, normalizeModelError } from "./model-errors.js";

describe("normalizeModelError", () => {
  it("turns an SDK error with status and headers into a ModelError", () => {
    const sdkError = Object.assign(new Error("Rate limit reached"), {
      status: 429,
      headers: { "retry-after": "2" },
    });
    const error = normalizeModelError(sdkError, "openai");
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({
      status: 429,
      provider: "openai",
      retryable: true,
      retryAfterMs: 2000,
      message: "openai: Rate limit reached",
    });
    expect((error as ModelError).cause).toBe(sdkError);
  });

  it("marks 4xx other than 408/409/429 as not retryable", () => {
    const error = normalizeModelError(Object.assign(new Error("bad"), { status: 400 }), "x");
    expect(error).toMatchObject({ status: 400, retryable: false });
  });

  it("recognises network errors in the cause chain", () => {
    const raw = new TypeError("fetch failed", {
      cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }),
    });
    expect(isNetworkError(raw)).toBe(true);
    expect(normalizeModelError(raw, "p")).toMatchObject({ retryable: true, provider: "p" });
    expect(isNetworkError(new Error("boom"))).toBe(false);
  });

  it("leaves AgentScope errors and unknown errors alone", () => {
    const validation = new ValidationError("x", []);
    expect(normalizeModelError(validation)).toBe(validation);
    const plain = new Error("boom");
    expect(normalizeModelError(plain)).toBe(plain);
    expect(isRetryableError(plain)).toBe(false);
  });
});
