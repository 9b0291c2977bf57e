import { describe, expect, it } from "vitest";
import { parseRetryAfter, parseRetryAfterMs, retryAfterMsFromHeaders } from "./retry-after.js";

describe("Retry-After parsing", () => {
  const now = Date.parse("2025-01-01T00:00:00Z");

  it("reads delay seconds, including fractions", () => {
    expect(parseRetryAfter("2", now)).toBe(2000);
    expect(parseRetryAfter(" 1.5 ", now)).toBe(1500);
  });

  it("reads an HTTP date relative to now, never negative", () => {
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Tue, 31 Dec 2024 23:59:00 GMT", now)).toBe(0);
  });

  it("ignores unusable values", () => {
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfterMs("-3")).toBeUndefined();
  });

  it("prefers retry-after-ms, from Headers or a plain record, case-insensitively", () => {
    const headers = new Headers({ "retry-after-ms": "250", "retry-after": "9" });
    expect(retryAfterMsFromHeaders(headers, now)).toBe(250);
    expect(retryAfterMsFromHeaders({ "Retry-After": "3" }, now)).toBe(3000);
    expect(retryAfterMsFromHeaders({ "retry-after": ["4"] }, now)).toBe(4000);
    expect(retryAfterMsFromHeaders({}, now)).toBeUndefined();
    expect(retryAfterMsFromHeaders(undefined, now)).toBeUndefined();
  });
});
