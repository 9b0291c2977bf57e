import { ValidationError } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { openaiTextToAudio } from "./openai-multimodal-tools.js";
import { enumInput, numberInput, stringInput } from "./tool-input.js";

describe("tool input readers", () => {
  it("enumInput returns the default when absent and the value when it is allowed", () => {
    const formats = ["url", "b64_json"] as const;
    expect(enumInput(undefined, formats, "url", "response_format")).toBe("url");
    expect(enumInput(null, formats, "url", "response_format")).toBe("url");
    expect(enumInput("b64_json", formats, "url", "response_format")).toBe("b64_json");
  });

  it("enumInput rejects a value outside the enum with a ValidationError naming the field", () => {
    const read = () => enumInput("ogg", ["mp3", "wav"], "mp3", "res_format");
    expect(read).toThrow(ValidationError);
    expect(read).toThrow(/res_format.*expected one of mp3, wav, received "ogg"/s);
  });

  it("numberInput and stringInput fall back to the default on absent or mistyped values", () => {
    expect(numberInput(2, 1)).toBe(2);
    expect(numberInput(undefined, 1)).toBe(1);
    expect(numberInput("2", 1)).toBe(1);
    expect(stringInput("tts-1-hd", "tts-1")).toBe("tts-1-hd");
    expect(stringInput(null, "tts-1")).toBe("tts-1");
  });

  it("a tool called with an enum value outside its schema answers with the error, sending nothing", async () => {
    await using server = await createTestServer({});
    const tool = openaiTextToAudio({ baseURL: `${server.url}/v1` });
    const result = await tool.execute(
      { text: "hello", api_key: "k", res_format: "ogg" },
      { signal: new AbortController().signal, toolCallId: "c" },
    );
    expect(JSON.stringify(result)).toMatch(/Failed to generate audio.*res_format/);
    expect(server.calls).toHaveLength(0);
  });
});
