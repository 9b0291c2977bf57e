import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LongTermMemoryBase } from "../memory/long-term-memory-base.js";
import {
  createExecutePythonCode,
  createExecuteShellCommand,
  insertTextFile,
  viewTextFile,
  writeTextFile,
} from "../node/tools/index.js";
import { PlanNotebook } from "../plan/plan-notebook.js";
import { KnowledgeBase } from "../rag/knowledge-base.js";
import { QueryRewriteSchema, SummarySchema } from "../zod/agent-schemas.js";
import { createTaskTools } from "./task-tools.js";
import type { ToolDefinition } from "./tool-definition.js";
import { toParametersSchema } from "./tool-schema.js";
import { Toolkit } from "./toolkit.js";

// __fixtures__/builtin-tool-schemas.json is `Toolkit.getJsonSchemas()` of every built-in tool (and
// the JSON Schema of the structured-output schemas), written from the build of commit db21145,
// when the tools' parameters were zod schemas. The JSON Schema literals that replaced them must
// give the model the same bytes: same keys, same order, same texts.
const fixture = JSON.parse(
  readFileSync(new URL("./__fixtures__/builtin-tool-schemas.json", import.meta.url), "utf8"),
) as { tools: Record<string, unknown>; structured: Record<string, unknown> };

class NoMemory extends LongTermMemoryBase {}
class NoKnowledge extends KnowledgeBase {
  async retrieve() {
    return [];
  }
  async addDocuments() {}
}

const builtins: ToolDefinition[] = [
  ...new PlanNotebook().listTools(),
  ...createTaskTools({} as never),
  ...new NoMemory().asTools(),
  new NoKnowledge().asTool() as ToolDefinition,
  createExecutePythonCode() as ToolDefinition,
  createExecuteShellCommand() as ToolDefinition,
  viewTextFile as ToolDefinition,
  writeTextFile as ToolDefinition,
  insertTextFile as ToolDefinition,
];

describe("built-in tools' JSON schemas", () => {
  it("covers every tool of the fixture", () => {
    expect(builtins.map((t) => t.name).sort()).toEqual(Object.keys(fixture.tools).sort());
  });

  for (const tool of builtins) {
    it(`${tool.name}: the model sees byte for byte what the zod definition produced`, () => {
      const toolkit = new Toolkit();
      toolkit.registerToolFunction(tool);
      expect(JSON.stringify(toolkit.getJsonSchemas()[0], null, 2)).toBe(
        JSON.stringify(fixture.tools[tool.name], null, 2),
      );
      expect(typeof (tool.parameters as { safeParse?: unknown }).safeParse).toBe("undefined");
    });
  }

  it("the structured-output schemas (zod, loaded on first use) give the same JSON Schema", () => {
    expect(toParametersSchema(SummarySchema, "x")).toEqual(fixture.structured.SummarySchema);
    expect(toParametersSchema(QueryRewriteSchema, "x")).toEqual(
      fixture.structured.QueryRewriteSchema,
    );
    expect(SummarySchema).toBeInstanceOf(z.ZodObject);
  });
});
