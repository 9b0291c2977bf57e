import { describe, expect, it } from "vitest";
import { PermissionPolicy } from "./permissions.js";

const call = (name: string, input: Record<string, unknown> = {}) => ({
  type: "tool_use" as const,
  id: "c1",
  name,
  input,
});

describe("PermissionPolicy", () => {
  it("takes the first matching rule, by glob and predicate", () => {
    const policy = new PermissionPolicy([
      { tool: "read_*", action: "allow" },
      { tool: "shell", action: "deny", when: (i) => String(i.cmd).includes("rm"), reason: "no rm" },
      { tool: "shell", action: "ask" },
    ]);
    expect(policy.decide(call("read_file")).action).toBe("allow");
    expect(policy.decide(call("shell", { cmd: "rm -rf /" }))).toEqual({
      action: "deny",
      reason: "no rm",
    });
    expect(policy.decide(call("shell", { cmd: "ls" })).action).toBe("ask");
    expect(policy.decide(call("other")).action).toBe("allow");
  });

  it("uses the fallback when nothing matches, and asks when a predicate throws", () => {
    const policy = new PermissionPolicy(
      [
        {
          tool: "x",
          action: "allow",
          when: () => {
            throw new Error("bad");
          },
        },
      ],
      "deny",
    );
    expect(policy.decide(call("y")).action).toBe("deny");
    expect(policy.decide(call("x")).action).toBe("ask");
  });
});
