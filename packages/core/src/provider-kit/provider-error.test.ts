import { describe, expect, it } from "vitest";
import { ModelError } from "../errors/model-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { normalizeProviderError } from "./provider-error.js";

class SdkError extends Error {
  constructor(
    readonly status: number | undefined,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

describe("normalizeProviderError", () => {
  it.each([
    [401, false],
    [429, true],
    [500, true],
  ])("turns an HTTP %i into a ModelError (retryable: %s)", (status, retryable) => {
    const sdk = new SdkError(status, "denied", { "retry-after": "2" });
    const error = normalizeProviderError(sdk, { provider: "p" });
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({
      message: "p: denied",
      provider: "p",
      status,
      retryable,
      retryAfterMs: 2000,
      cause: sdk,
    });
  });

  it("reads the HTTP failure with the provider's reader", () => {
    const error = normalizeProviderError(
      { status_code: 503, error: "busy" },
      {
        provider: "p",
        httpFailure: (e) => ({
          status: (e as { status_code: number }).status_code,
          message: "busy!",
        }),
      },
    );
    expect(error).toMatchObject({ message: "p: busy!", status: 503, retryable: true });
  });

  it("names the host of a refused connection", () => {
    const refused = Object.assign(new TypeError("fetch failed"), {
      cause: { code: "ECONNREFUSED" },
    });
    const error = normalizeProviderError(refused, {
      provider: "p",
      baseURL: "http://127.0.0.1:9/v1",
    });
    expect(error).toMatchObject({ provider: "p", retryable: true });
    expect((error as Error).message).toBe(
      "p: network error reaching 127.0.0.1:9 (ECONNREFUSED): fetch failed",
    );
  });

  it("reads an API error without status through the provider's reader", () => {
    const read = (e: unknown) =>
      e instanceof SdkError
        ? { message: e.message, status: e.message === "overloaded" ? 529 : undefined }
        : undefined;
    expect(
      normalizeProviderError(new SdkError(undefined, "overloaded"), {
        provider: "p",
        apiFailure: read,
      }),
    ).toMatchObject({ status: 529, retryable: true });
    expect(
      normalizeProviderError(new SdkError(undefined, "bad"), { provider: "p", apiFailure: read }),
    ).toMatchObject({ message: "p: bad", retryable: false });
  });

  it("takes the API error's own retryable verdict", () => {
    const flagged = normalizeProviderError(new SdkError(undefined, "server_error"), {
      provider: "p",
      apiFailure: (e) => ({ message: (e as Error).message, retryable: true }),
    });
    expect(flagged).toMatchObject({
      message: "p: server_error",
      retryable: true,
      status: undefined,
    });
  });

  it("returns AgentScope and unknown errors unchanged", () => {
    const own = new ValidationError("x", []);
    expect(normalizeProviderError(own, { provider: "p" })).toBe(own);
    const other = new Error("odd");
    expect(normalizeProviderError(other, { provider: "p" })).toBe(other);
  });
});
