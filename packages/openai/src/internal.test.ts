import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as entry from "./index.js";
import * as internal from "./internal.js";

// Request builders, parsers and helpers live under `@agentscope-ts/openai/internal` (no semver
// promise); the main entry keeps what apps use.
const moved = [
  "buildChatRequest",
  "buildResponsesRequest",
  "createOpenAIClient",
  "formatOpenAIImageBlock",
  "formatResponseImageBlock",
  "formatResponseToolChoice",
  "formatResponseTools",
  "formatToolChoice",
  "loadOpenAISdk",
  "reasoningInputItems",
  "responseFormatFor",
  "STRUCTURED_OUTPUT_TOOL_NAME",
  "structuredOutputTool",
  "textFormatFor",
  "toOpenAIAudioData",
  "toOpenAIImageUrl",
];

describe("the /internal entry", () => {
  it.each(moved)("exports %s, which the main entry does not", (name) => {
    expect(internal).toHaveProperty(name);
    expect(entry).not.toHaveProperty(name);
  });

  it("also holds the parsers and the SSE reader, and is a package export", () => {
    for (const name of ["parseChatCompletion", "parseResponsesStream", "readJsonEvents"]) {
      expect(typeof (internal as Record<string, unknown>)[name]).toBe("function");
    }
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    expect(manifest.exports["./internal"]).toEqual({
      types: "./dist/internal.d.ts",
      default: "./dist/internal.js",
    });
    expect(manifest.scripts.build).toContain("src/internal.ts");
  });
});
