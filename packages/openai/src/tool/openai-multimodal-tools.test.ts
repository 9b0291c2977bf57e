import { Toolkit, type ToolResponse, type ToolUseBlock } from "@agentscope-ts/core";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { wireJson } from "../__fixtures__/wire-fixtures.js";
import {
  openaiImageToText,
  openaiTextToAudio,
  openaiTextToImage,
} from "./openai-multimodal-tools.js";

// The images responses follow the documented shape of OpenAI's Images API
// (`{ created, data: [{ url | b64_json, revised_prompt }] }`); the chat answer is the recorded
// `openai-text` wire fixture.

async function call(toolkit: Toolkit, name: string, input: Record<string, unknown>) {
  const toolCall: ToolUseBlock = { type: "tool_use", id: "c1", name, input };
  let last: ToolResponse | undefined;
  for await (const r of toolkit.callTool(toolCall)) last = r;
  return last as ToolResponse;
}

describe("OpenAI multimodal tools (AgentScope's openai_* tools)", () => {
  it("openai_text_to_image returns image blocks by URL, with the key hidden from the model", async () => {
    await using server = await createTestServer({
      "/v1/images/generations": {
        response: {
          type: "json",
          body: {
            created: 1,
            data: [{ url: "https://img.example/a.png" }, { url: "https://img.example/b.png" }],
          },
        },
      },
    });
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(openaiTextToImage({ baseURL: `${server.url}/v1` }), {
      presetKwargs: { api_key: "sk-test" },
    });
    const schema = toolkit.getJsonSchemas()[0]?.function;
    expect(Object.keys(schema?.parameters.properties as object)).toEqual([
      "prompt",
      "n",
      "model",
      "size",
      "quality",
      "style",
      "response_format",
    ]);
    const result = await call(toolkit, "openai_text_to_image", { prompt: "a cat", n: 2 });
    expect(result.content).toEqual([
      { type: "image", source: { type: "url", url: "https://img.example/a.png" } },
      { type: "image", source: { type: "url", url: "https://img.example/b.png" } },
    ]);
    // AgentScope's request: dall-e-2 gets no quality or style, and a response_format.
    expect(server.calls[0]?.body).toEqual({
      model: "dall-e-2",
      prompt: "a cat",
      n: 2,
      size: "256x256",
      response_format: "url",
    });
    expect(server.calls[0]?.headers.authorization).toBe("Bearer sk-test");
  });

  it("openai_text_to_image returns base64 PNGs for gpt-image-1, and AgentScope's failure text", async () => {
    await using server = await createTestServer({
      "/v1/images/generations": {
        response: [
          { type: "json", body: { created: 1, data: [{ b64_json: "iVBORw0K" }] } },
          {
            type: "error",
            status: 400,
            body: {
              error: { message: "Your request was rejected.", type: "invalid_request_error" },
            },
          },
        ],
      },
    });
    const tool = openaiTextToImage({ baseURL: `${server.url}/v1` });
    const context = { signal: new AbortController().signal, toolCallId: "c" };
    const image = (await tool.execute(
      { prompt: "p", api_key: "k", model: "gpt-image-1", quality: "high" },
      context,
    )) as ToolResponse;
    expect(image.content).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0K" } },
    ]);
    expect(server.calls[0]?.body).toEqual({
      model: "gpt-image-1",
      prompt: "p",
      n: 1,
      size: "256x256",
      quality: "high",
    });
    const failed = (await tool.execute({ prompt: "p", api_key: "k" }, context)) as ToolResponse;
    expect(failed.content).toEqual([
      { type: "text", text: expect.stringMatching(/^Failed to generate image: 400 .*rejected/) },
    ]);
  });

  it("openai_image_to_text asks a vision model and returns its text", async () => {
    await using server = await createTestServer({
      "/v1/chat/completions": { response: { type: "json", body: wireJson("openai-text") } },
    });
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(openaiImageToText({ baseURL: `${server.url}/v1` }), {
      presetKwargs: { api_key: "k" },
    });
    const result = await call(toolkit, "openai_image_to_text", {
      image_urls: "https://img.example/a.png",
    });
    const expected = (wireJson("openai-text") as { choices: { message: { content: string } }[] })
      .choices[0]?.message.content;
    expect(result.content).toEqual([{ type: "text", text: expected }]);
    expect(server.calls[0]?.body).toEqual({
      model: "gpt-4o",
      messages: [
        {
          role: "user",
          content: [
            { type: "image_url", image_url: { url: "https://img.example/a.png" } },
            { type: "text", text: "Describe the image" },
          ],
        },
      ],
    });
  });

  it("openai_text_to_audio returns the speech as a base64 audio block", async () => {
    const bytes = new Uint8Array([0x49, 0x44, 0x33, 0x04, 0x00]);
    await using server = await createTestServer({
      "/v1/audio/speech": { response: { type: "binary", body: bytes, contentType: "audio/wav" } },
    });
    const tool = openaiTextToAudio({ baseURL: `${server.url}/v1` });
    const result = (await tool.execute(
      { text: "hello", api_key: "k", res_format: "wav", voice: "nova" },
      { signal: new AbortController().signal, toolCallId: "c" },
    )) as ToolResponse;
    expect(result.content).toEqual([
      { type: "audio", source: { type: "base64", media_type: "audio/wav", data: "SUQzBAA=" } },
    ]);
    expect(server.calls[0]?.body).toEqual({
      model: "tts-1",
      voice: "nova",
      speed: 1,
      input: "hello",
      response_format: "wav",
    });
  });
});
