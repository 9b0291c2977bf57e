import type { ToolResponse } from "@agentscope-ts/core";
import { createTestServer, type TestServerCall } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import {
  openaiAudioToText,
  openaiCreateImageVariation,
  openaiEditImage,
} from "./openai-file-tools.js";

// The images answers follow the documented shape of OpenAI's Images API; the transcription
// answer that of its Audio API (`{ text }`).

const context = () => ({ signal: new AbortController().signal, toolCallId: "c" });

/** The multipart form the SDK sent. */
async function formOf(call: TestServerCall | undefined): Promise<FormData> {
  return new Request("http://x", {
    method: "POST",
    headers: { "content-type": call?.headers["content-type"] ?? "" },
    body: call?.rawBody ?? "",
  }).formData();
}

const fileText = async (value: FormDataEntryValue | null) =>
  value instanceof Blob ? { name: (value as File).name, text: await value.text() } : value;

describe("OpenAI file tools (AgentScope's openai_* tools that upload)", () => {
  it("openai_edit_image uploads the image and mask from URLs and returns image blocks", async () => {
    await using server = await createTestServer({
      "/img/cat.png": { response: { type: "binary", body: new TextEncoder().encode("CAT") } },
      "/img/mask.png": { response: { type: "binary", body: new TextEncoder().encode("MASK") } },
      "/v1/images/edits": {
        response: {
          type: "json",
          body: { created: 1, data: [{ url: "https://img.example/e.png" }] },
        },
      },
    });
    const tool = openaiEditImage({ baseURL: `${server.url}/v1` });
    const result = (await tool.execute(
      {
        image_url: `${server.url}/img/cat.png`,
        mask_url: `${server.url}/img/mask.png`,
        prompt: "add a hat",
        api_key: "k",
      },
      context(),
    )) as ToolResponse;
    expect(result.content).toEqual([
      { type: "image", source: { type: "url", url: "https://img.example/e.png" } },
    ]);
    const edit = server.calls.find((c) => c.path === "/v1/images/edits");
    const form = await formOf(edit);
    expect(await fileText(form.get("image"))).toEqual({ name: "cat.png", text: "CAT" });
    expect(await fileText(form.get("mask"))).toEqual({ name: "mask.png", text: "MASK" });
    expect(form.get("prompt")).toBe("add a hat");
    expect(form.get("model")).toBe("dall-e-2");
    expect(form.get("size")).toBe("256x256");
    expect(form.get("response_format")).toBe("url");
  });

  it("openai_create_image_variation reads a local file through readLocalFile", async () => {
    await using server = await createTestServer({
      "/v1/images/variations": {
        response: { type: "json", body: { created: 1, data: [{ b64_json: "QUJD" }] } },
      },
    });
    const read: string[] = [];
    const tool = openaiCreateImageVariation({
      baseURL: `${server.url}/v1`,
      readLocalFile: async (path) => {
        read.push(path);
        return new TextEncoder().encode("LOCAL");
      },
    });
    const result = (await tool.execute(
      { image_url: "/photos/dog.png", api_key: "k", n: 1, response_format: "b64_json" },
      context(),
    )) as ToolResponse;
    expect(read).toEqual(["/photos/dog.png"]);
    expect(result.content).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: "QUJD" } },
    ]);
    const form = await formOf(server.calls[0]);
    expect(await fileText(form.get("image"))).toEqual({ name: "dog.png", text: "LOCAL" });
    expect(form.get("response_format")).toBeNull();

    // Without readLocalFile a path is a readable failure, and nothing is sent.
    const noReader = openaiCreateImageVariation({ baseURL: `${server.url}/v1` });
    const failed = (await noReader.execute(
      { image_url: "/photos/dog.png", api_key: "k" },
      context(),
    )) as ToolResponse;
    expect(failed.content).toEqual([
      {
        type: "text",
        text: "Failed to generate image: /photos/dog.png is not an http(s) or data: URL; pass readLocalFile in the tool's options to read local files",
      },
    ]);
    expect(server.calls).toHaveLength(1);
  });

  it("openai_audio_to_text transcribes with whisper-1", async () => {
    await using server = await createTestServer({
      "/audio/hello.mp3": { response: { type: "binary", body: new TextEncoder().encode("ID3") } },
      "/v1/audio/transcriptions": {
        response: [
          { type: "json", body: { text: "Hello there." } },
          { type: "error", status: 400, body: { error: { message: "Invalid file format." } } },
        ],
      },
    });
    const tool = openaiAudioToText({ baseURL: `${server.url}/v1` });
    const input = { audio_file_url: `${server.url}/audio/hello.mp3`, api_key: "k", language: "fr" };
    const result = (await tool.execute(input, context())) as ToolResponse;
    expect(result.content).toEqual([{ type: "text", text: "Hello there." }]);
    const form = await formOf(server.calls.find((c) => c.path === "/v1/audio/transcriptions"));
    expect(form.get("model")).toBe("whisper-1");
    expect(form.get("language")).toBe("fr");
    expect(form.get("temperature")).toBe("0.2");
    expect(await fileText(form.get("file"))).toEqual({ name: "hello.mp3", text: "ID3" });
    const failed = (await tool.execute(input, context())) as ToolResponse;
    expect(failed.content).toEqual([
      {
        type: "text",
        text: expect.stringMatching(
          /^Error: Failed to transcribe audio: 400 .*Invalid file format/,
        ),
      },
    ]);
  });
});
