import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { limitOption, limitOrDefault, MAX_TIMER_MS, timerLimit } from "./limit-option.js";

describe("limitOption / limitOrDefault", () => {
  it("keeps a positive number and null, and fills in the fallback only when unset", () => {
    expect(limitOption(250, "idleTimeout", "x options")).toBe(250);
    expect(limitOption(null, "idleTimeout", "x options")).toBeNull();
    expect(limitOption(undefined, "idleTimeout", "x options")).toBeUndefined();
    expect(limitOrDefault(undefined, 1000, "idleTimeout", "x options")).toBe(1000);
    expect(limitOrDefault(null, 1000, "idleTimeout", "x options")).toBeNull();
  });

  it("rejects anything else with a ValidationError naming the field and the unit", () => {
    for (const bad of [0, -1, Number.NaN, "5", 5n]) {
      expect(() => limitOrDefault(bad, 1000, "connectTimeout", "x options")).toThrow(
        ValidationError,
      );
    }
    expect(() => limitOption(-3, "maxOutputChars", "toolkit options", "characters")).toThrow(
      /maxOutputChars: expected a positive number of characters or null \(no limit\), received -3/,
    );
  });
});

describe("timerLimit", () => {
  it("keeps a delay setTimeout can take and turns anything else into no limit", () => {
    expect(timerLimit(50)).toBe(50);
    expect(timerLimit(MAX_TIMER_MS)).toBe(MAX_TIMER_MS);
    for (const none of [
      undefined,
      null,
      0,
      -5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      MAX_TIMER_MS + 1,
    ]) {
      expect(timerLimit(none)).toBeUndefined();
    }
  });
});
