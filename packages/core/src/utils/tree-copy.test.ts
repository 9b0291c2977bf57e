import { describe, expect, it } from "vitest";
import { copyPlainTree, plainTreeEqual } from "./tree-copy.js";

describe("copyPlainTree", () => {
  it("copies arrays and plain objects so the copy shares nothing mutable", () => {
    const tree = [{ type: "text", text: "hi", extra: { n: [1, 2] } }];
    const copy = copyPlainTree(tree);
    expect(copy).toEqual(tree);
    expect(copy).not.toBe(tree);
    expect(copy[0]).not.toBe(tree[0]);
    expect(copy[0]?.extra.n).not.toBe(tree[0]?.extra.n);
  });

  it("keeps __proto__ as an own data key and leaves Object.prototype alone", () => {
    const tree = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const copy = copyPlainTree(tree);
    expect(Object.keys(copy)).toEqual(["__proto__", "a"]);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("copies class instances, cycles and very deep trees through structuredClone", () => {
    const date = new Date(0);
    expect(copyPlainTree({ at: date }).at).not.toBe(date);
    expect(copyPlainTree({ at: date }).at.getTime()).toBe(0);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const copy = copyPlainTree(cyclic);
    expect(copy.self).toBe(copy);
    let deep: unknown = "leaf";
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(copyPlainTree(deep)).toEqual(deep);
  });

  it("shares functions and primitives by reference", () => {
    const f = () => 1;
    const tree = { f, items: [f] };
    const copy = copyPlainTree(tree);
    expect(copy.f).toBe(f);
    expect(copy.items).not.toBe(tree.items);
    expect(copyPlainTree(undefined)).toBeUndefined();
  });
});

describe("plainTreeEqual", () => {
  it("is true for a tree and its copy, whatever the key order", () => {
    const tree = { a: [1, { b: "x", c: null }], d: { e: true } };
    expect(plainTreeEqual(tree, copyPlainTree(tree))).toBe(true);
    expect(plainTreeEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
  });

  it("is false for a change anywhere: a value, a key added or removed, an array's length", () => {
    const tree = { a: [1, { b: "x" }], d: { e: true } };
    expect(plainTreeEqual(tree, { a: [1, { b: "y" }], d: { e: true } })).toBe(false);
    expect(plainTreeEqual(tree, { a: [1, { b: "x" }], d: { e: true, f: 1 } })).toBe(false);
    expect(plainTreeEqual(tree, { a: [1, { b: "x" }], d: {} })).toBe(false);
    expect(plainTreeEqual(tree, { a: [1], d: { e: true } })).toBe(false);
    expect(plainTreeEqual({ a: undefined }, {})).toBe(false);
    expect(plainTreeEqual([1], { 0: 1 })).toBe(false);
  });

  it("counts other objects and trees deeper than 64 levels as unequal", () => {
    const date = new Date(0);
    expect(plainTreeEqual({ d: date }, { d: new Date(0) })).toBe(false);
    let deep: unknown = 1;
    for (let i = 0; i < 70; i++) deep = [deep];
    expect(plainTreeEqual(deep, copyPlainTree(deep))).toBe(false);
  });
});
