import { describe, expect, it } from "vitest";
import { setOwn } from "./json-copy.js";

describe("setOwn", () => {
  it("sets ordinary keys as own enumerable data keys", () => {
    const target: Record<string, unknown> = {};
    setOwn(target, "a", 1);
    setOwn(target, "b", { c: 2 });
    expect(Object.keys(target)).toEqual(["a", "b"]);
    expect(Object.getOwnPropertyDescriptor(target, "a")).toEqual({
      value: 1,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  });

  it("keeps __proto__, constructor and toString as own data keys without touching prototypes", () => {
    const target: Record<string, unknown> = {};
    const payload = { polluted: true };
    setOwn(target, "__proto__", payload);
    setOwn(target, "constructor", "c");
    setOwn(target, "toString", "t");
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.keys(target)).toEqual(["__proto__", "constructor", "toString"]);
    expect(Object.getOwnPropertyDescriptor(target, "__proto__")?.value).toBe(payload);
    expect(target.toString).toBe("t");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(target))).toEqual(
      JSON.parse('{"__proto__":{"polluted":true},"constructor":"c","toString":"t"}'),
    );
  });

  it("works on objects without a prototype", () => {
    const target = Object.create(null) as Record<string, unknown>;
    setOwn(target, "__proto__", 1);
    setOwn(target, "x", 2);
    expect(Object.keys(target)).toEqual(["__proto__", "x"]);
    expect(target.x).toBe(2);
  });
});
