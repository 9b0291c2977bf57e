import { describe, expect, it, vi } from "vitest";
import { shortUuid } from "./short-uuid.js";

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

describe("shortUuid", () => {
  it("gives 22 characters of shortuuid's 57-letter alphabet, all distinct across many ids", () => {
    const ids = Array.from({ length: 5000 }, () => shortUuid());
    for (const id of ids) {
      expect(id).toMatch(/^[23456789A-HJ-NP-Za-km-z]{22}$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("draws every letter about equally often (no modulo bias)", () => {
    const counts = new Map<string, number>();
    const n = 4000;
    for (let i = 0; i < n; i++) {
      for (const c of shortUuid()) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([...ALPHABET].sort());
    const expected = (n * 22) / ALPHABET.length;
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(expected * 0.8);
      expect(count).toBeLessThan(expected * 1.2);
    }
  });

  it("returns a new string each call, not a view of shared state", () => {
    const first = shortUuid();
    const copy = `${first}`;
    shortUuid();
    expect(first).toBe(copy);
  });
});

describe("shortUuid's random bytes", () => {
  it("come from node:crypto's randomFillSync under Node (no webcrypto start-up)", async () => {
    const nodeCrypto = process.getBuiltinModule("node:crypto");
    const fill = vi.spyOn(nodeCrypto, "randomFillSync");
    const web = vi.spyOn(globalThis.crypto, "getRandomValues");
    try {
      vi.resetModules();
      const fresh = await import("./short-uuid.js");
      const ids = Array.from({ length: 100 }, () => fresh.shortUuid());
      expect(new Set(ids).size).toBe(100);
      expect(fill).toHaveBeenCalled();
      expect(web).not.toHaveBeenCalled();
    } finally {
      fill.mockRestore();
      web.mockRestore();
    }
  });
});
