import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { InterruptedError } from "../errors/interrupted-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { Msg } from "../message/msg.js";
import { UserAgent } from "./user-agent.js";
import { ScriptedUserInput, type UserInputRequest } from "./user-input.js";

class WebUserAgent extends UserAgent {}

afterEach(() => {
  // Reset class-level sources between tests.
  UserAgent.overrideClassInputMethod(null);
  WebUserAgent.overrideClassInputMethod(null);
});

describe("UserAgent", () => {
  it("replies with what the instance input source returns, printed", async () => {
    const user = new UserAgent({ name: "Alice" });
    const out: string[] = [];
    user.setOutputSink({ write: (t) => out.push(t) });
    const input = new ScriptedUserInput(["Hi!"]);
    user.overrideInstanceInputMethod(input);
    const msg = await user.call(new Msg("bot", "What's up?", "assistant"));
    expect(msg.content).toBe("Hi!");
    expect([msg.name, msg.role]).toEqual(["Alice", "user"]);
    expect(msg.metadata).toEqual({});
    expect(out.join("")).toBe("Alice: Hi!\n");
    expect(input.requests[0]).toMatchObject({
      agentId: user.id,
      agentName: "Alice",
      structuredModel: null,
    });
  });

  it("uses the class-level source unless the instance overrides it; subclasses can have their own", async () => {
    UserAgent.overrideClassInputMethod(new ScriptedUserInput(["from class", "again"]));
    const a = new UserAgent({ name: "a" });
    const b = new UserAgent({ name: "b" });
    a.setConsoleOutputEnabled(false);
    b.setConsoleOutputEnabled(false);
    b.overrideInstanceInputMethod(async () => ({
      blocksInput: [{ type: "text", text: "own" }],
      structuredInput: null,
    }));
    expect((await a.call()).content).toBe("from class");
    expect((await b.call()).content).toBe("own");

    WebUserAgent.overrideClassInputMethod(new ScriptedUserInput(["web"]));
    const w = new WebUserAgent({ name: "w" });
    w.setConsoleOutputEnabled(false);
    expect((await w.call()).content).toBe("web");
    expect((await a.call()).content).toBe("again");
  });

  it("reads back the class-level source set on that class, for restoring it", async () => {
    expect(UserAgent.getClassInputMethod()).toBeNull();
    UserAgent.overrideClassInputMethod(new ScriptedUserInput(["saved"]));
    const saved = UserAgent.getClassInputMethod();
    expect(saved).toBeTypeOf("function");
    expect(WebUserAgent.getClassInputMethod()).toBeNull(); // inherited, not its own
    UserAgent.overrideClassInputMethod(null);
    UserAgent.overrideClassInputMethod(saved);
    const a = new UserAgent({ name: "a", consoleOutputEnabled: false });
    expect((await a.call()).content).toBe("saved");
  });

  it("keeps multiple blocks as a list", async () => {
    const user = new UserAgent({ name: "u" });
    user.setConsoleOutputEnabled(false);
    user.overrideInstanceInputMethod(async () => ({
      blocksInput: [
        { type: "text", text: "look" },
        { type: "image", source: { type: "url", url: "https://x/y.png" } },
      ],
      structuredInput: null,
    }));
    const msg = await user.call();
    expect(Array.isArray(msg.content)).toBe(true);
    expect(msg.getContentBlocks("image")).toHaveLength(1);
  });

  it("asks for structured fields and validates them into metadata", async () => {
    const Choice = z.object({
      thinking: z.string().min(1).max(10),
      decision: z.enum(["apple", "banana", "cherry"]),
    });
    const requests: UserInputRequest[] = [];
    const user = new UserAgent({ name: "Alice" });
    user.setConsoleOutputEnabled(false);
    user.overrideInstanceInputMethod(async (req) => {
      requests.push(req);
      return {
        blocksInput: [{ type: "text", text: "Hi!" }],
        structuredInput: { thinking: "sth", decision: "apple" },
      };
    });
    const msg = await user.call(null, { structuredModel: Choice });
    expect(requests[0]?.structuredModel).toBe(Choice);
    expect(msg.content).toBe("Hi!");
    expect(msg.metadata).toEqual({ thinking: "sth", decision: "apple" });

    user.overrideInstanceInputMethod(async () => ({
      blocksInput: [{ type: "text", text: "x" }],
      structuredInput: { thinking: "", decision: "kiwi" },
    }));
    const error = await user.call(null, { structuredModel: Choice }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/thinking/);
    expect((error as Error).message).toMatch(/decision/);
  });

  it("fails clearly without an input source, and rejects a bad one", async () => {
    const user = new UserAgent({ name: "u" });
    await expect(user.call()).rejects.toThrow(
      /UserAgent 'u' has no input source.*useTerminalInput\(\)/,
    );
    expect(user.isReplying).toBe(false);
    // @ts-expect-error: not an input source
    expect(() => user.overrideInstanceInputMethod(42)).toThrow(/expected a UserInputBase/);
  });

  it("stops waiting for input when interrupted", async () => {
    const user = new UserAgent({ name: "u" });
    user.setConsoleOutputEnabled(false);
    user.overrideInstanceInputMethod(
      (req) =>
        new Promise((_resolve, reject) => {
          req.signal?.addEventListener("abort", () => reject(req.signal?.reason));
        }),
    );
    const pending = user.call();
    await new Promise((r) => setTimeout(r, 5));
    await user.interrupt();
    await expect(pending).rejects.toThrow(InterruptedError);
    expect(user.isReplying).toBe(false);
  });
});
