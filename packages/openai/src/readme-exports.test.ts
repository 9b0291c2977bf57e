import { readFileSync } from "node:fs";
import type { ToolDefinition } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import * as entry from "./index.js";

// Every tool the README names (AgentScope's snake_case `openai_*` tool names) is exported from the
// package entry under its camelCase factory name, and the factory builds a tool of that name.
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const toolNames = [...new Set(readme.match(/`openai_[a-z_]+`/g)?.map((n) => n.slice(1, -1)))];
const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

describe("README tool list", () => {
  it("names the six AgentScope OpenAI tools", () => {
    expect(toolNames.sort()).toEqual([
      "openai_audio_to_text",
      "openai_create_image_variation",
      "openai_edit_image",
      "openai_image_to_text",
      "openai_text_to_audio",
      "openai_text_to_image",
    ]);
  });

  it.each(toolNames)("%s is importable from the package entry and builds that tool", (name) => {
    const factory = (entry as Record<string, unknown>)[camel(name)];
    expect(typeof factory, `${camel(name)} is not exported from src/index.ts`).toBe("function");
    const tool = (factory as () => ToolDefinition)();
    expect(tool.name).toBe(name);
  });
});
