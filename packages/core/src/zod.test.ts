import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as core from "./index.js";
import * as zodEntry from "./zod.js";

describe("@agentscope-ts/core/zod", () => {
  it("holds the zod schemas that left the main entry", () => {
    const moved = [
      "msgDictSchema",
      "msgContentSchema",
      "contentBlockSchema",
      "roleSchema",
      "mediaSourceSchema",
      "base64SourceSchema",
      "urlSourceSchema",
      "textBlockSchema",
      "thinkingBlockSchema",
      "imageBlockSchema",
      "audioBlockSchema",
      "videoBlockSchema",
      "toolUseBlockSchema",
      "toolResultBlockSchema",
      "subTaskDictSchema",
      "planDictSchema",
      "recordToMemoryParameters",
      "retrieveFromMemoryParameters",
      "SummarySchema",
      "QueryRewriteSchema",
    ];
    const entries = Object.entries(zodEntry);
    expect(entries.map(([name]) => name).sort()).toEqual([...moved].sort());
    for (const [name, schema] of entries) {
      expect(schema).toBeInstanceOf(z.ZodType);
      expect(name in core).toBe(false);
    }
  });

  it("accepts what core writes: a message's toDict() and a plan's toDict()", () => {
    const msg = new core.Msg("a", [{ type: "text", text: "hi" }], "user");
    expect(zodEntry.msgDictSchema.safeParse(msg.toDict()).success).toBe(true);
    const plan = new core.Plan({
      name: "p",
      description: "d",
      expectedOutcome: "e",
      subtasks: [{ name: "s", description: "d", expectedOutcome: "e" }],
    });
    expect(zodEntry.planDictSchema.parse(plan.toDict())).toEqual(plan.toDict());
    expect(zodEntry.msgDictSchema.safeParse({ name: "a", role: "bot", content: "x" }).success).toBe(
      false,
    );
  });
});
