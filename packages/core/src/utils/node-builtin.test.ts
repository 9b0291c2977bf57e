import * as http from "node:http";
import { describe, expect, it } from "vitest";
import { nodeBuiltin } from "./node-builtin.js";

describe("nodeBuiltin", () => {
  it("gives Node's own module, and undefined for a module Node does not have", () => {
    expect(nodeBuiltin<typeof http>("node:http")?.request).toBe(http.request);
    expect(nodeBuiltin("node:no-such-module")).toBeUndefined();
  });

  it("is undefined where the runtime has no process.getBuiltinModule (browsers)", () => {
    const proc = globalThis.process as { getBuiltinModule?: unknown };
    const own = proc.getBuiltinModule;
    proc.getBuiltinModule = undefined;
    try {
      expect(nodeBuiltin("node:http")).toBeUndefined();
    } finally {
      proc.getBuiltinModule = own;
    }
  });
});
