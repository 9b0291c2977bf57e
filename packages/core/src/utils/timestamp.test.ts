import { describe, expect, it } from "vitest";
import { formatTimestamp } from "./timestamp.js";

// The reference spelling, computed field by field for every call (what the cache must equal).
function spelled(date: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, "0");
  return (
    `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ` +
    `${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}.` +
    p(date.getMilliseconds(), 3)
  );
}

describe("formatTimestamp", () => {
  it("writes YYYY-MM-DD HH:MM:SS.mmm in local time", () => {
    expect(formatTimestamp(new Date(2024, 0, 2, 3, 4, 5, 6))).toBe("2024-01-02 03:04:05.006");
  });

  it("stays exact when calls alternate between seconds, days and years", () => {
    const times = [
      Date.UTC(2026, 10, 23, 23, 59, 59, 999),
      Date.UTC(2026, 10, 24, 0, 0, 0, 0),
      Date.UTC(2026, 10, 23, 23, 59, 59, 1),
      Date.UTC(1969, 11, 31, 23, 59, 59, 500),
      0,
      Date.UTC(2026, 2, 29, 1, 0, 0, 0),
      Date.UTC(2026, 2, 29, 0, 59, 59, 999),
    ];
    for (let round = 0; round < 3; round++) {
      for (const time of times) {
        const date = new Date(time);
        expect(formatTimestamp(date)).toBe(spelled(date));
      }
    }
  });

  it("uses the current time when no date is given", () => {
    const before = Date.now();
    const text = formatTimestamp();
    const after = Date.now();
    const allowed = new Set<string>();
    for (let t = before; t <= after; t++) allowed.add(spelled(new Date(t)));
    expect(allowed.has(text)).toBe(true);
  });

  it("spells an invalid date with NaN fields instead of throwing", () => {
    expect(formatTimestamp(new Date(Number.NaN))).toBe("NaN-NaN-NaN NaN:NaN:NaN.NaN");
  });
});
