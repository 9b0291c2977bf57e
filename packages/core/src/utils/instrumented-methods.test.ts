import { describe, expect, it } from "vitest";
import {
  type InstrumentationTable,
  instrumentClass,
  isInstrumented,
  reachedThroughSuper,
} from "./instrumented-methods.js";

// A base class wired like AgentBase: its constructor instruments `run` for the class instantiated.
const calls: string[] = [];
const TABLE: InstrumentationTable<Base> = {
  run: (original) =>
    async function run(this: Base, a?: unknown): Promise<unknown> {
      if (this.run !== run && reachedThroughSuper(this, "run", run)) return original.call(this, a);
      calls.push(`before ${this.label}(${String(a)})`);
      const out = await original.call(this, a);
      calls.push(`after ${this.label}`);
      return out;
    },
};

abstract class Base {
  constructor(readonly label: string) {
    instrumentClass(new.target, TABLE);
  }
  abstract run(x: string): Promise<string>;
}

class Leaf extends Base {
  async run(x: string): Promise<string> {
    return `leaf:${x}`;
  }
}
class Middle extends Leaf {}
class Top extends Middle {
  override async run(x: string): Promise<string> {
    return `top:${await super.run(x)}`;
  }
}
class Topmost extends Top {
  override async run(x: string): Promise<string> {
    return `topmost:${await super.run(x)}`;
  }
}

describe("instrumentClass", () => {
  it("wraps each implementation once, on its prototype, not on the instance", () => {
    const leaf = new Leaf("l");
    const wrapped = Leaf.prototype.run;
    expect(isInstrumented(wrapped)).toBe(true);
    expect(wrapped.name).toBe("run");
    expect(Object.hasOwn(leaf, "run")).toBe(false);
    new Leaf("again");
    new Middle("m");
    expect(Leaf.prototype.run).toBe(wrapped);
    expect(Object.hasOwn(Middle.prototype, "run")).toBe(false);
  });

  it("instruments a call once through any depth of super calls, whichever class came first", async () => {
    // Leaf was wrapped first (above); Topmost and Top wrap on their first instantiation.
    new Leaf("first");
    calls.length = 0;
    expect(await new Topmost("t").run("x")).toBe("topmost:top:leaf:x");
    expect(calls).toEqual(["before t(x)", "after t"]);
    calls.length = 0;
    expect(await new Top("u").run("y")).toBe("top:leaf:y");
    expect(await new Middle("m").run("z")).toBe("leaf:z");
    expect(calls).toEqual(["before u(y)", "after u", "before m(z)", "after m"]);
  });

  it("instruments concurrent calls on one instance each (no per-instance running flag)", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    class Slow extends Base {
      async run(x: string): Promise<string> {
        await gate;
        return x;
      }
    }
    const slow = new Slow("s");
    calls.length = 0;
    const both = Promise.all([slow.run("1"), slow.run("2")]);
    release();
    expect(await both).toEqual(["1", "2"]);
    expect(calls.filter((c) => c.startsWith("before"))).toEqual(["before s(1)", "before s(2)"]);
  });

  it("still instruments a call made through a spy put on the instance", async () => {
    const leaf = new Leaf("spied");
    const seen: string[] = [];
    const original = leaf.run;
    leaf.run = function (this: Leaf, x: string) {
      seen.push(x);
      return original.call(this, x);
    };
    calls.length = 0;
    expect(await leaf.run("q")).toBe("leaf:q");
    expect(seen).toEqual(["q"]);
    expect(calls).toEqual(["before spied(q)", "after spied"]);

    // A spy on an instance whose class overrides `run` and calls super: still once.
    const top = new Topmost("spiedTop");
    const topRun = top.run;
    top.run = (x: string) => topRun.call(top, x);
    calls.length = 0;
    expect(await top.run("w")).toBe("topmost:top:leaf:w");
    expect(calls).toEqual(["before spiedTop(w)", "after spiedTop"]);
  });

  it("wraps a method patched onto the prototype at the next instantiation", async () => {
    class Patched extends Base {
      async run(x: string): Promise<string> {
        return x;
      }
    }
    new Patched("p");
    Patched.prototype.run = async (x: string) => `patched:${x}`;
    const later = new Patched("later");
    calls.length = 0;
    expect(await later.run("r")).toBe("patched:r");
    expect(calls).toEqual(["before later(r)", "after later"]);
  });
});
