import { describe, expect, it } from "vitest";
import { ModelError } from "../errors/index.js";
import {
  realtimeSetupRefusedError,
  realtimeToolOutputText,
  realtimeUrlSourceError,
} from "./realtime-input-helpers.js";

describe("realtime input helpers", () => {
  it("renders a tool output as text, media blocks by their type", () => {
    expect(realtimeToolOutputText("plain")).toBe("plain");
    const blocks = [
      { type: "text" as const, text: "a" },
      { type: "image" as const, source: { type: "url" as const, url: "https://x/y.png" } },
    ];
    expect(realtimeToolOutputText(blocks)).toBe("a\n[image]");
    expect(realtimeToolOutputText(blocks, "")).toBe("a[image]");
  });

  it("names the provider and what must be base64 in the URL-source error", () => {
    const error = realtimeUrlSourceError("openai", "audio", "base64 PCM16 data");
    expect(error).toBeInstanceOf(ModelError);
    expect(error.message).toBe(
      "openai: realtime audio must be base64 PCM16 data; download a URL source first.",
    );
    expect(realtimeUrlSourceError("gemini", "image").message).toContain("must be base64 data;");
  });

  it("names a refused session setup with the API's message, not retryable", () => {
    const error = realtimeSetupRefusedError("openai", "Invalid voice");
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ provider: "openai", retryable: false });
    expect(error.message).toBe(
      "openai: the realtime session could not be configured: Invalid voice",
    );
    expect(realtimeSetupRefusedError("dashscope", undefined).message).toMatch(/: error event$/);
  });
});
