import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import type { TextBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import { AgentBase } from "./agent-base.js";
import { AGENT_HOOK_TYPES, REACT_AGENT_HOOK_TYPES } from "./hook-types.js";

// A tiny agent: prints its input and replies with it plus a "mark" block; remembers what it observes.
class MarkAgent extends AgentBase {
  records: string[] = [];
  memory: Msg[] = [];

  constructor() {
    super({ name: "mark" });
    this.setConsoleOutputEnabled(false);
  }

  async reply(msg?: Msg | Msg[] | null): Promise<Msg> {
    const input = msg as Msg;
    await this.print(input);
    (input.content as TextBlock[]).push({ type: "text", text: "mark" });
    return input;
  }

  async observe(msg: Msg | Msg[] | null): Promise<void> {
    this.memory.push(msg as Msg);
  }
}

class ChildAgent extends MarkAgent {}
class GrandChildAgent extends ChildAgent {}
class SiblingAgent extends MarkAgent {}

class OverridingAgent extends MarkAgent {
  override async reply(msg?: Msg | Msg[] | null): Promise<Msg> {
    return super.reply(msg);
  }
}

const input = () => new Msg("user", [{ type: "text", text: "0" }], "user");
const texts = (msg: Msg) => (msg.content as TextBlock[]).map((b) => b.text);

// Hooks mirroring AgentScope's hook_test.py: some return the (modified) kwargs, some do not.
function appendingPre(label: string, returns: boolean) {
  return <K extends { msg?: unknown }>(agent: MarkAgent, kwargs: K): K | undefined => {
    if (kwargs.msg instanceof Msg)
      (kwargs.msg.content as TextBlock[]).push({ type: "text", text: label });
    agent.records.push(label);
    return returns ? kwargs : undefined;
  };
}
function appendingPost(label: string, returns: boolean) {
  return async (agent: MarkAgent, _kwargs: unknown, output: Msg | undefined) => {
    if (output instanceof Msg) (output.content as TextBlock[]).push({ type: "text", text: label });
    agent.records.push(label);
    return returns ? output : undefined;
  };
}

describe("instance hooks", () => {
  it("run pre_reply hooks in order; only returned kwargs replace the arguments", async () => {
    const agent = new MarkAgent();
    expect(texts(await agent.call(input()))).toEqual(["0", "mark"]);

    agent.registerInstanceHook("pre_reply", "pre_1", async (a, kw) =>
      appendingPre("pre_1", true)(a, kw),
    );
    agent.registerInstanceHook("pre_reply", "pre_2", appendingPre("pre_2", false));
    agent.registerInstanceHook("pre_reply", "pre_3", appendingPre("pre_3", true));
    agent.registerInstanceHook("pre_reply", "pre_4", appendingPre("pre_4", false));
    expect(texts(await agent.call(input()))).toEqual(["0", "pre_1", "pre_3", "mark"]);
    expect(agent.records).toEqual(["pre_1", "pre_2", "pre_3", "pre_4"]);
  });

  it("run post_reply hooks in order; a returned value replaces the output", async () => {
    const agent = new MarkAgent();
    agent.registerInstanceHook("post_reply", "post_1", appendingPost("post_1", true));
    agent.registerInstanceHook("post_reply", "post_2", appendingPost("post_2", false));
    agent.registerInstanceHook("post_reply", "post_3", appendingPost("post_3", true));
    const res = await agent.call(input());
    expect(texts(res)).toEqual(["0", "mark", "post_1", "post_3"]);
    expect(agent.records).toEqual(["post_1", "post_2", "post_3"]);

    agent.clearInstanceHooks();
    agent.records.length = 0;
    expect(texts(await agent.call(input()))).toEqual(["0", "mark"]);
    expect(agent.records).toEqual([]);
  });

  it("a post hook may replace the reply with a different message", async () => {
    const agent = new MarkAgent();
    agent.registerInstanceHook("post_reply", "swap", () => new Msg("x", "replaced", "assistant"));
    expect((await agent.call(input())).content).toBe("replaced");
  });

  it("run around observe and print", async () => {
    const agent = new MarkAgent();
    agent.registerInstanceHook("pre_observe", "pre_1", appendingPre("pre_1", true));
    agent.registerInstanceHook("pre_observe", "pre_2", appendingPre("pre_2", false));
    agent.registerInstanceHook("post_observe", "post_1", (a: MarkAgent, _kw, out) => {
      a.records.push(`post_1:${String(out)}`);
    });
    await agent.observe(input());
    expect(agent.memory.map(texts)).toEqual([["0", "pre_1"]]);
    expect(agent.records).toEqual(["pre_1", "pre_2", "post_1:undefined"]);

    const printed: string[] = [];
    agent.setConsoleOutputEnabled(true);
    agent.setOutputSink({ write: (t) => printed.push(t) });
    agent.registerInstanceHook("pre_print", "rename", (_a, kw) => ({
      ...kw,
      msg: new Msg("hooked", kw.msg.content, kw.msg.role),
      last: true,
    }));
    agent.registerInstanceHook("post_print", "count", (a: MarkAgent, kw) => {
      a.records.push(`printed:${kw.msg.name}:${kw.last}`);
    });
    await agent.print(new Msg("mark", "hello", "assistant"), { last: false });
    expect(printed.join("")).toBe("hooked: hello\n");
    expect(agent.records.at(-1)).toBe("printed:hooked:true");
  });

  it("give hooks copies: a hook that returns nothing cannot change the caller's message", async () => {
    const agent = new MarkAgent();
    agent.registerInstanceHook("pre_observe", "mutate", (_a, kw) => {
      (kw.msg as Msg).content = "changed";
    });
    const msg = new Msg("user", "original", "user");
    await agent.observe(msg);
    expect(msg.content).toBe("original");
    expect(agent.memory[0]).toBe(msg);
  });

  it("re-registering a name replaces the hook in place, keeping its position", async () => {
    const agent = new MarkAgent();
    const order: string[] = [];
    agent.registerInstanceHook("pre_reply", "a", () => void order.push("a1"));
    agent.registerInstanceHook("pre_reply", "b", () => void order.push("b"));
    agent.registerInstanceHook("pre_reply", "a", () => void order.push("a2"));
    await agent.call(input());
    expect(order).toEqual(["a2", "b"]);

    agent.removeInstanceHook("pre_reply", "a");
    order.length = 0;
    await agent.call(input());
    expect(order).toEqual(["b"]);
    expect(() => agent.removeInstanceHook("pre_reply", "a")).toThrow(/hook 'a' not found/);
  });

  it("run once when a subclass overrides reply and calls super.reply()", async () => {
    const agent = new OverridingAgent();
    let pre = 0;
    let post = 0;
    agent.registerInstanceHook("pre_reply", "count", () => void pre++);
    agent.registerInstanceHook("post_reply", "count", () => void post++);
    await agent.call(input());
    expect([pre, post]).toEqual([1, 1]);
  });

  it("reject unknown hook types and bad pre-hook results with clear errors", async () => {
    const agent = new MarkAgent();
    // @ts-expect-error: not a hook type
    expect(() => agent.registerInstanceHook("pre_dance", "x", () => {})).toThrow(ValidationError);
    expect(() => agent.registerInstanceHook("pre_reasoning", "x", () => {})).toThrow(
      /"pre_reasoning" is not supported by MarkAgent/,
    );
    // @ts-expect-error: a pre-hook must return kwargs
    agent.registerInstanceHook("pre_reply", "bad", () => "nope");
    await expect(agent.call(input())).rejects.toThrow(
      /pre_reply\.bad: a pre-hook must return an object/,
    );
    expect(agent.isReplying).toBe(false);
  });
});

describe("class hooks", () => {
  it("apply to the class and its subclasses, not to parents or siblings", async () => {
    const seen: string[] = [];
    ChildAgent.registerClassHook(
      "pre_reply",
      "child",
      (a) => void seen.push(`child:${a.constructor.name}`),
    );
    try {
      await new MarkAgent().call(input());
      await new SiblingAgent().call(input());
      expect(seen).toEqual([]);
      await new ChildAgent().call(input());
      await new GrandChildAgent().call(input());
      expect(seen).toEqual(["child:ChildAgent", "child:GrandChildAgent"]);
    } finally {
      ChildAgent.clearClassHooks();
    }
    seen.length = 0;
    await new ChildAgent().call(input());
    expect(seen).toEqual([]);
  });

  it("registered on AgentBase reach every agent; instance hooks run first, class hooks in registration order", async () => {
    const order: string[] = [];
    GrandChildAgent.registerClassHook("pre_reply", "grand", () => void order.push("class:grand"));
    AgentBase.registerClassHook("pre_reply", "base", () => void order.push("class:base"));
    MarkAgent.registerClassHook("pre_reply", "mark", (_a, kw) => {
      order.push("class:mark");
      return kw;
    });
    try {
      const agent = new GrandChildAgent();
      agent.registerInstanceHook("pre_reply", "inst", () => void order.push("instance"));
      await agent.call(input());
      expect(order).toEqual(["instance", "class:grand", "class:base", "class:mark"]);

      order.length = 0;
      AgentBase.removeClassHook("pre_reply", "base");
      await agent.call(input());
      expect(order).toEqual(["instance", "class:grand", "class:mark"]);
      expect(() => AgentBase.removeClassHook("pre_reply", "base")).toThrow(/not found/);
    } finally {
      GrandChildAgent.clearClassHooks();
      MarkAgent.clearClassHooks("pre_reply");
      AgentBase.clearClassHooks();
    }
  });

  it("class post hooks modify results and observe/print class hooks fire", async () => {
    const calls: string[] = [];
    MarkAgent.registerClassHook("post_reply", "tag", (_a, _kw, out) => {
      (out.content as TextBlock[]).push({ type: "text", text: "class_post" });
      return out;
    });
    MarkAgent.registerClassHook("pre_print", "p", () => void calls.push("pre_print"));
    MarkAgent.registerClassHook("post_observe", "o", () => void calls.push("post_observe"));
    try {
      const agent = new MarkAgent();
      expect(texts(await agent.call(input()))).toEqual(["0", "mark", "class_post"]);
      await agent.observe(input());
      expect(calls).toEqual(["pre_print", "post_observe"]);
    } finally {
      MarkAgent.clearClassHooks();
    }
  });
});

// How a ReAct-style subclass adds the reasoning/acting hook points.
class StepAgent extends MarkAgent {
  static override readonly supportedHookTypes = [...AGENT_HOOK_TYPES, ...REACT_AGENT_HOOK_TYPES];

  async reasoning(toolChoice: string): Promise<string> {
    return this.runWithHooks(
      "reasoning",
      { toolChoice },
      async (kw) => `reasoned:${kw.toolChoice}`,
    );
  }

  async acting(toolCall: string): Promise<string> {
    return this.runWithHooks("acting", { toolCall }, async (kw) => `acted:${kw.toolCall}`);
  }
}

describe("reasoning and acting hooks", () => {
  it("run through runWithHooks for subclasses that support them", async () => {
    const agent = new StepAgent();
    const order: string[] = [];
    agent.registerInstanceHook("pre_reasoning", "p", (_a, kw) => {
      order.push("pre_reasoning");
      return { ...kw, toolChoice: "required" };
    });
    agent.registerInstanceHook("post_reasoning", "q", (_a, kw, out) => {
      order.push(`post_reasoning:${String(kw.toolChoice)}`);
      return `${String(out)}!`;
    });
    StepAgent.registerClassHook("pre_acting", "a", () => void order.push("pre_acting"));
    StepAgent.registerClassHook("post_acting", "b", (_a, _kw, out) => `${String(out)}?`);
    try {
      expect(await agent.reasoning("auto")).toBe("reasoned:required!");
      expect(await agent.acting("search")).toBe("acted:search?");
      expect(order).toEqual(["pre_reasoning", "post_reasoning:required", "pre_acting"]);
      expect(() => MarkAgent.registerClassHook("pre_acting", "x", () => {})).toThrow(
        /not supported/,
      );
    } finally {
      StepAgent.clearClassHooks();
    }
  });
});

describe("hooks added or removed between calls", () => {
  it("take effect on the very next print, reply and observe (no stale answer)", async () => {
    const calls: string[] = [];
    const agent = new MarkAgent();
    const run = async () => {
      await agent.print(input());
      await agent.observe(input());
    };
    await run();
    agent.registerInstanceHook("pre_print", "p", () => void calls.push("pre_print"));
    await run();
    MarkAgent.registerClassHook("post_observe", "o", () => void calls.push("post_observe"));
    try {
      await run();
      agent.removeInstanceHook("pre_print", "p");
      await run();
      MarkAgent.removeClassHook("post_observe", "o");
      await run();
    } finally {
      MarkAgent.clearClassHooks();
    }
    await run();
    expect(calls).toEqual(["pre_print", "pre_print", "post_observe", "post_observe"]);
  });
});
