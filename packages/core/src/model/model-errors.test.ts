import { describe, expect, it } from "vitest";
import { ModelError } from "../errors/model-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { isNetworkError, isRetryableError, normalizeModelError, urlHost } from "./model-errors.js";

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

  it("names the base URL's host and the error code of a network error, keeping the cause", () => {
    const raw = new Error("Connection error.", {
      cause: new TypeError("fetch failed", {
        cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), {
          code: "ECONNREFUSED",
        }),
      }),
    });
    const error = normalizeModelError(raw, "openai", { baseURL: "http://127.0.0.1:9/v1" });
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).message).toBe(
      "openai: network error reaching 127.0.0.1:9 (ECONNREFUSED): Connection error.",
    );
    expect((error as ModelError).cause).toBe(raw);
    expect(normalizeModelError(new Error("socket hang up"), "p")).toMatchObject({
      message: "p: network error: socket hang up",
    });
  });

  it("urlHost keeps the port and falls back to the text", () => {
    expect(urlHost("https://api.openai.com/v1")).toBe("api.openai.com");
    expect(urlHost("http://[::1]:11434")).toBe("[::1]:11434");
    expect(urlHost("not a url")).toBe("not a url");
  });

  it("leaves AgentScope errors and unknown errors alone", () => {
    const validation = new ValidationError("x", []);
    expect(normalizeModelError(validation)).toBe(validation);
    const plain = new Error("boom");
    expect(normalizeModelError(plain)).toBe(plain);
    expect(isRetryableError(plain)).toBe(false);
  });
});
