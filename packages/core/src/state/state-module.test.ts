import { describe, expect, it } from "vitest";
import { StateError } from "../errors/state-error.js";
import { Msg } from "../message/msg.js";
import { StateModule } from "./state-module.js";

class Counter extends StateModule {
  count = 0;
  label = "c";
  constructor() {
    super();
    this.registerState("count");
    this.registerState("label");
  }
}

class History extends StateModule {
  msgs: Msg[] = [];
  seen = new Set<string>();
  constructor() {
    super();
    this.registerState(
      "msgs",
      (msgs: Msg[]) => msgs.map((m) => m.toDict()),
      (json) => (json as unknown[]).map((d) => Msg.fromDict(d)),
    );
    this.registerState(
      "seen",
      (s: Set<string>) => [...s].sort(),
      (json) => new Set(json as string[]),
    );
  }
}

class Agent extends StateModule {
  name = "Friday";
  counter = new Counter();
  history = new History();
  notState = { secret: 1 };
  constructor() {
    super();
    this.registerState("name");
  }
}

describe("StateModule", () => {
  it("nests StateModule properties automatically, modules first then attributes", () => {
    const agent = new Agent();
    agent.counter.count = 3;
    agent.history.msgs.push(
      new Msg({
        id: "m1",
        name: "u",
        content: "hi",
        role: "user",
        timestamp: "2025-01-01 00:00:00.000",
      }),
    );
    agent.history.seen.add("b").add("a");
    const state = agent.stateDict();
    expect(Object.keys(state)).toEqual(["counter", "history", "name"]);
    expect(state).toEqual({
      counter: { count: 3, label: "c" },
      history: {
        msgs: [
          {
            id: "m1",
            name: "u",
            role: "user",
            content: "hi",
            metadata: {},
            timestamp: "2025-01-01 00:00:00.000",
          },
        ],
        seen: ["a", "b"],
      },
      name: "Friday",
    });
    expect(state).not.toHaveProperty("notState");
  });

  it("loads a state back through the custom serialisers", () => {
    const a = new Agent();
    a.name = "Saturday";
    a.counter.count = 7;
    a.history.msgs.push(new Msg("u", "hello", "user"));
    a.history.seen.add("x");
    const json = JSON.parse(JSON.stringify(a.stateDict()));

    const b = new Agent();
    b.loadStateDict(json);
    expect(b.name).toBe("Saturday");
    expect(b.counter.count).toBe(7);
    expect(b.history.msgs[0]).toBeInstanceOf(Msg);
    expect(b.history.msgs[0]?.getTextContent()).toBe("hello");
    expect(b.history.seen).toEqual(new Set(["x"]));
    expect(b.stateDict()).toEqual(a.stateDict());
  });

  it("picks up a module assigned after construction and drops one replaced by a plain value", () => {
    const a = new Agent() as Agent & { extra?: unknown };
    a.extra = new Counter();
    expect(Object.keys(a.stateDict())).toEqual(["counter", "history", "extra", "name"]);
    a.extra = 5;
    expect(Object.keys(a.stateDict())).toEqual(["counter", "history", "name"]);
  });

  it("refuses at registration a value that is not JSON without custom functions", () => {
    class Bad extends StateModule {
      map = new Map([["a", 1]]);
      nested = { when: new Date(0) };
      nothing: string | undefined = undefined;
      fn = () => 1;
    }
    const bad = new Bad();
    expect(() => bad.registerState("map")).toThrow(
      /Attribute 'map' of Bad is not JSON serializable \(map is Map\)\. Pass toJson and fromJson/,
    );
    expect(() => bad.registerState("nested")).toThrow(/nested\.when is Date/);
    expect(() => bad.registerState("nothing")).toThrow(/is undefined.*null when empty/);
    expect(() => bad.registerState("fn")).toThrow(/fn is function/);
    expect(() => bad.registerState("map", (m: Map<string, number>) => [...m])).not.toThrow();
  });

  it("refuses to register a nested module as an attribute", () => {
    const a = new Agent();
    expect(() => a.registerState("counter")).toThrow(StateError);
  });

  it("strict loading names the missing key by its full path; non-strict skips it", () => {
    const a = new Agent();
    const state = a.stateDict() as { counter: Record<string, unknown> };
    delete state.counter.label;
    expect(() => new Agent().loadStateDict(state)).toThrow(
      "key 'counter.label' is missing from the state dict",
    );
    const b = new Agent();
    b.counter.label = "kept";
    b.loadStateDict(state, false);
    expect(b.counter.label).toBe("kept");
  });

  it("ignores keys it does not know", () => {
    const a = new Agent();
    a.loadStateDict({ ...a.stateDict(), futureField: 1 });
    expect(a).not.toHaveProperty("futureField");
  });

  it("is all-or-nothing: a failure deep inside leaves the whole tree as it was", () => {
    const a = new Agent();
    a.name = "before";
    a.counter.count = 1;
    const good = new Agent();
    good.name = "after";
    good.counter.count = 99;
    const state = good.stateDict() as Record<string, Record<string, unknown>>;
    state.history = { msgs: [{ name: "x", role: "robot", content: "y" }], seen: [] };

    expect(() => a.loadStateDict(state)).toThrow(/history\.msgs.*role/s);
    expect(a.name).toBe("before");
    expect(a.counter.count).toBe(1);
  });

  it("rejects a state that is not an object, naming where", () => {
    const a = new Agent();
    expect(() => a.loadStateDict({ ...a.stateDict(), counter: [1, 2] } as never)).toThrow(
      "Cannot load state into Counter at 'counter': expected an object, received an array",
    );
    expect(() => a.loadStateDict(null as never)).toThrow(/expected an object, received null/);
  });

  it("detects cycles instead of overflowing the stack", () => {
    const a = new Agent() as Agent & { self?: StateModule };
    a.self = a;
    expect(() => a.stateDict()).toThrow(/contains itself/);
  });
});

describe("StateModule rawJson attributes", () => {
  class Raw extends StateModule {
    given: unknown = null;
    other: unknown = null;
    constructor() {
      super();
      this.registerState("given", undefined, (json) => (this.seen = json), { rawJson: true });
      this.registerState("other");
    }
    seen: unknown;
  }
  class Outer extends StateModule {
    inner = new Raw();
  }

  it("hands the caller's value to fromJson uncopied (this module or nested), copies the rest", () => {
    const given = { a: [1] };
    const other = { b: [2] };
    const raw = new Raw();
    raw.loadStateDict({ given, other });
    expect(raw.seen).toBe(given);
    expect(raw.other).toEqual(other);
    expect(raw.other).not.toBe(other);
    const outer = new Outer();
    outer.loadStateDict({ inner: { given, other } });
    expect(outer.inner.seen).toBe(given);
    expect(outer.inner.other).not.toBe(other);
  });

  it("still copies and checks every other key, naming the full path", () => {
    expect(() => new Outer().loadStateDict({ inner: { given: 1, other: { n: 1n } } })).toThrow(
      /Cannot load state into Outer: the state dict is not plain JSON \('inner\.other\.n' a bigint/,
    );
  });

  it("needs a fromJson to copy the value", () => {
    class Bad extends StateModule {
      x = 1;
      constructor() {
        super();
        this.registerState("x", undefined, undefined, { rawJson: true });
      }
    }
    expect(() => new Bad()).toThrow(/rawJson but no fromJson/);
  });
});
