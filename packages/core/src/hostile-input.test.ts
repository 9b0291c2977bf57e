/**
 * Property-based fuzzing (fast-check, fixed seeds) of the places that read outside data:
 * `Msg.fromDict`, `StateModule.loadStateDict` and Toolkit tool input. Whatever JavaScript value
 * comes in — BigInt, symbols, functions, cycles, getters or proxies that throw, class instances,
 * `__proto__` keys — the outcome is a value or a typed error, and `Object.prototype` is untouched.
 */
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { StateError } from "./errors/state-error.js";
import { ValidationError } from "./errors/validation-error.js";
import { InMemoryMemory } from "./memory/in-memory-memory.js";
import { Msg } from "./message/msg.js";
import { StateModule } from "./state/state-module.js";
import type { ToolResponse } from "./tool/tool-response.js";
import { Toolkit } from "./tool/toolkit.js";
import { findNonJsonValue } from "./utils/json-value.js";

const RUNS = 2_000;
const SEED = 20_261_123;

const key = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 6 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "__proto__",
      "constructor",
      "prototype",
      "toString",
      "valueOf",
      "name",
      "role",
      "content",
      "type",
      "text",
      "metadata",
      "active_groups",
    ),
  },
);

/** Any value, including the ones JSON has no room for. */
const anything = fc.anything({
  key,
  maxDepth: 3,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withTypedArray: true,
  withSparseArray: true,
});

const leaf = fc.oneof(
  anything,
  fc.bigInt(),
  fc.constant(Symbol("s")),
  fc.func(fc.anything()),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, undefined, -0),
);

type Poison = "none" | "cycle" | "throwing-getter" | "throwing-proxy" | "symbol-key" | "deep";
const poisons: Poison[] = [
  "none",
  "cycle",
  "throwing-getter",
  "throwing-proxy",
  "symbol-key",
  "deep",
];

/** Makes `value` hostile at its top level in one way. */
function poison(value: unknown, how: Poison): unknown {
  if (how === "none") return value;
  const target: Record<PropertyKey, unknown> =
    value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>) : {};
  switch (how) {
    case "cycle":
      target.self = target;
      return target;
    case "throwing-getter":
      Object.defineProperty(target, "metadata", {
        enumerable: true,
        get() {
          throw new Error("getter exploded");
        },
      });
      return target;
    case "throwing-proxy":
      return new Proxy(target, {
        ownKeys() {
          throw new TypeError("ownKeys trap exploded");
        },
        get(_target, property) {
          if (typeof property === "symbol") return undefined; // fast-check looks for its clone symbol
          throw new TypeError("get trap exploded");
        },
        getPrototypeOf() {
          throw new TypeError("getPrototypeOf trap exploded");
        },
      });
    case "symbol-key":
      target[Symbol("k")] = 1n;
      return target;
    case "deep": {
      let deep: unknown = 1;
      for (let i = 0; i < 5_000; i++) deep = [deep];
      target.content = deep;
      return target;
    }
  }
}

const block = fc.oneof(
  fc.record({ type: fc.constant("text"), text: fc.oneof(fc.string(), leaf) }),
  fc.record({
    type: fc.constant("tool_use"),
    id: fc.string(),
    name: fc.string(),
    input: fc.dictionary(key, leaf, { maxKeys: 4 }),
  }),
  fc.record({
    type: fc.constant("tool_result"),
    id: fc.string(),
    name: fc.string(),
    output: fc.oneof(fc.string(), fc.array(leaf, { maxLength: 2 })),
  }),
  fc.dictionary(key, leaf, { maxKeys: 3 }),
);

/** Message dicts: mostly well-formed, with hostile values at every field. */
const msgDictLike = fc.tuple(
  fc.record(
    {
      id: fc.oneof(fc.string(), leaf),
      name: fc.oneof(fc.string(), leaf),
      role: fc.oneof(fc.constantFrom("user", "assistant", "system"), leaf),
      content: fc.oneof(fc.string(), fc.array(block, { maxLength: 3 }), leaf),
      metadata: fc.oneof(fc.dictionary(key, leaf, { maxKeys: 4 }), leaf),
      timestamp: fc.oneof(fc.string(), fc.constant(null), leaf),
    },
    { requiredKeys: [] },
  ),
  fc.constantFrom(...poisons),
);

/** `[value, poison]`: the poison is applied inside the property, out of fast-check's sight. */
const inputs = fc.oneof(msgDictLike, fc.tuple(leaf, fc.constant<Poison>("none"))) as fc.Arbitrary<
  [unknown, Poison]
>;

let protoBefore: string[];
beforeEach(() => {
  protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();
});
afterEach(() => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore);
  expect(({} as Record<string, unknown>).self).toBeUndefined();
});

describe("Msg.fromDict on any value", () => {
  it("returns a JSON-serialisable Msg or throws a ValidationError, never anything else", () => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(inputs, ([raw, how]) => {
        const value = poison(raw, how);
        let msg: Msg;
        try {
          msg = Msg.fromDict(value);
        } catch (error) {
          rejected++;
          expect(error).toBeInstanceOf(ValidationError);
          return;
        }
        accepted++;
        expect(msg).toBeInstanceOf(Msg);
        expect(() => JSON.stringify(msg)).not.toThrow();
        expect(Msg.fromDict(JSON.parse(JSON.stringify(msg))).toDict()).toEqual(msg.toDict());
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(accepted + rejected).toBe(RUNS);
    expect(accepted).toBeGreaterThan(0);
    expect(rejected).toBeGreaterThan(0);
  });

  it.each([
    ["a BigInt", { name: "a", role: "user", content: "x", metadata: { n: 1n } }, "metadata.n"],
    ["a function", { name: "a", role: "user", content: () => "x" }, "content"],
    ["a symbol", { name: Symbol("a"), role: "user", content: "x" }, "name"],
    ["a Map", { name: "a", role: "user", content: "x", metadata: new Map() }, "metadata"],
  ])("names the field holding %s", (_what, value, path) => {
    const error = (() => {
      try {
        Msg.fromDict(value);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toBe(path);
  });

  it("names a cycle and a getter that throws", () => {
    const cyclic: Record<string, unknown> = { name: "a", role: "user", content: "x" };
    cyclic.metadata = { back: cyclic };
    expect(() => Msg.fromDict(cyclic)).toThrow(/metadata\.back: refers back to itself/);
    const getter = { name: "a", role: "user", content: "x" };
    Object.defineProperty(getter, "metadata", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    expect(() => Msg.fromDict(getter)).toThrow(/metadata: could not be read \(Error: boom\)/);
  });
});

class Holder extends StateModule {
  memory = new InMemoryMemory();
  toolkit = new Toolkit();
  label: unknown = "start";
  constructor() {
    super();
    this.toolkit.createToolGroup("browser", "Browse the web.");
    this.registerState("label");
  }
}

describe("StateModule.loadStateDict on any value", () => {
  it("loads plain JSON or throws a StateError leaving the state as it was", async () => {
    const saved = new Holder();
    await saved.memory.add(new Msg("u", "hello", "user"));
    saved.toolkit.updateToolGroups(["browser"], true);
    const good = JSON.parse(JSON.stringify(saved.stateDict()));

    const stateLike = fc.tuple(
      fc.record(
        {
          memory: fc.oneof(fc.constant(good.memory), fc.dictionary(key, leaf), leaf),
          toolkit: fc.oneof(
            fc.record({ active_groups: fc.array(fc.oneof(fc.string(), leaf), { maxLength: 3 }) }),
            leaf,
          ),
          label: leaf,
        },
        { requiredKeys: [] },
      ),
      fc.constantFrom(...poisons),
    );

    const holder = new Holder();
    let loaded = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        fc.oneof(stateLike, fc.tuple(leaf, fc.constant<Poison>("none"))) as fc.Arbitrary<
          [unknown, Poison]
        >,
        ([raw, how]) => {
          const state = poison(raw, how);
          const before = JSON.stringify(holder.stateDict());
          try {
            holder.loadStateDict(state as Record<string, unknown>);
          } catch (error) {
            refused++;
            expect(error).toBeInstanceOf(StateError);
            expect(JSON.stringify(holder.stateDict())).toBe(before);
            return;
          }
          loaded++;
          expect(findNonJsonValue(holder.stateDict())).toBeNull();
        },
      ),

      { seed: SEED, numRuns: RUNS },
    );
    expect(loaded).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});

describe("Toolkit tool input of any value", () => {
  it("always answers with a readable result and never throws", async () => {
    const toolkit = new Toolkit();
    const seen: unknown[] = [];
    toolkit.registerToolFunction({
      name: "json_tool",
      description: "JSON Schema parameters.",
      parameters: {
        type: "object",
        properties: { a: { type: "string" }, n: { type: "number" } },
        required: ["a"],
      },
      execute: (input) => {
        seen.push(input);
        return `a=${String(input.a)}`;
      },
    });
    toolkit.registerToolFunction({
      name: "zod_tool",
      description: "Zod parameters.",
      parameters: z.object({ a: z.string(), n: z.number().optional() }),
      execute: ({ a }) => `a=${a}`,
    });
    const toolInput = fc.oneof(
      fc
        .tuple(
          fc.record(
            { a: fc.oneof(fc.string(), leaf), n: fc.oneof(fc.double(), leaf) },
            { requiredKeys: [] },
          ),
          fc.dictionary(key, leaf, { maxKeys: 3 }),
          fc.constantFrom(...poisons),
        )
        .map(([known, extra, how]) => [{ ...extra, ...known }, how] as [unknown, Poison]),
      fc.tuple(leaf, fc.constant<Poison>("none")),
    );
    let ok = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        toolInput,
        fc.constantFrom("json_tool", "zod_tool"),
        async ([raw, how], name) => {
          const input = poison(raw, how);
          const responses: ToolResponse[] = [];
          for await (const r of toolkit.callTool({
            type: "tool_use",
            id: "c1",
            name,
            input: input as Record<string, unknown>,
          })) {
            responses.push(r);
          }
          expect(responses.length).toBeGreaterThan(0);
          const last = responses.at(-1) as ToolResponse;
          expect(last.isLast).toBe(true);
          const text = last.content.map((b) => (b.type === "text" ? b.text : "")).join("");
          expect(typeof text).toBe("string");
          if (text.startsWith("a=")) ok++;
          else {
            expect(text).toMatch(/^(InvalidArgumentsError|Error): /);
            refused++;
          }
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    expect(ok).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
