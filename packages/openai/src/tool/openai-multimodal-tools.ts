import {
  apiKeyParam,
  apiTool,
  bytesToBase64,
  type ImageBlock,
  type ToolDefinition,
  toolResponse,
  urlList,
  urlListParam,
} from "@agentscope-ts/core";
import type { ImageGenerateParamsNonStreaming } from "openai/resources/images";
import { createOpenAIClient, type OpenAIClientOptions } from "../model/openai-client.js";
import { loadOpenAISdk } from "../model/openai-sdk.js";
import { enumInput, numberInput, stringInput } from "./tool-input.js";

// AgentScope's `agentscope.tool.openai_*` multimodal tools: the same names, parameters (the
// docstrings' descriptions and defaults), result blocks and failure texts. `api_key` is a
// parameter as in AgentScope: register the tool with `presetKwargs: { api_key }` so the model
// neither sees nor sets it. Browser-safe: images are passed by URL (http(s) or data:).

/** Where the multimodal tools send their requests (a proxy or a compatible server). */
export type OpenAIToolOptions = Pick<
  OpenAIClientOptions,
  "baseURL" | "organization" | "clientKwargs"
>;

/** The SDK client of one tool call (the `openai` SDK loads on the first). */
export const client = async (apiKey: unknown, options: OpenAIToolOptions) =>
  createOpenAIClient({ ...options, apiKey: String(apiKey) }, "OpenAI tool", await loadOpenAISdk());

/** The `api_key` parameter (AgentScope's description). */
export const openAIKeyParam = apiKeyParam("The API key for the OpenAI API.");

/** The `response_format` values of the Images API tools. */
export const IMAGE_FORMATS = ["url", "b64_json"] as const;
const IMAGE_QUALITIES = ["auto", "standard", "hd", "high", "medium", "low"] as const;
const IMAGE_STYLES = ["vivid", "natural"] as const;
const VOICES = [
  "alloy",
  "ash",
  "ballad",
  "coral",
  "echo",
  "fable",
  "nova",
  "onyx",
  "sage",
  "shimmer",
] as const;
const AUDIO_FORMATS = ["mp3", "opus", "aac", "flac", "wav", "pcm"] as const;

/** Image blocks from an Images API answer, by URL or as base64 PNG. */
export function imageBlocks(
  data: { url?: string; b64_json?: string }[],
  format: string,
): ImageBlock[] {
  return data.map((image) =>
    format === "url"
      ? { type: "image", source: { type: "url", url: String(image.url) } }
      : {
          type: "image",
          source: { type: "base64", media_type: "image/png", data: String(image.b64_json) },
        },
  );
}

/**
 * `openai_text_to_image`: generates images from a prompt (DALL·E or gpt-image-1) and returns
 * image blocks (URLs, or base64 PNG for `b64_json` and gpt-image-1).
 */
export function openaiTextToImage(options: OpenAIToolOptions = {}): ToolDefinition {
  return apiTool({
    name: "openai_text_to_image",
    description:
      "Generate image(s) based on the given prompt, and return image URL(s) or\nbase64 data.",
    properties: {
      prompt: { type: "string", description: "The text prompt to generate images." },
      api_key: openAIKeyParam,
      n: { type: "integer", default: 1, description: "The number of images to generate." },
      model: {
        type: "string",
        enum: ["dall-e-2", "dall-e-3", "gpt-image-1"],
        default: "dall-e-2",
        description: "The model to use for image generation.",
      },
      size: {
        type: "string",
        enum: ["256x256", "512x512", "1024x1024", "1792x1024", "1024x1792"],
        default: "256x256",
        description:
          "The size of the generated images.\nMust be one of 1024x1024, 1536x1024 (landscape), 1024x1536 (\nportrait), or auto (default value) for gpt-image-1,\none of 256x256, 512x512, or 1024x1024 for dall-e-2,\nand one of 1024x1024, 1792x1024, or 1024x1792 for dall-e-3.",
      },
      quality: {
        type: "string",
        enum: [...IMAGE_QUALITIES],
        default: "auto",
        description: "The quality of the image that will be generated.",
      },
      style: {
        type: "string",
        enum: [...IMAGE_STYLES],
        default: "vivid",
        description:
          "The style of the generated images.\nThis parameter is only supported for dall-e-3.\nMust be one of `vivid` or `natural`.",
      },
      response_format: {
        type: "string",
        enum: [...IMAGE_FORMATS],
        default: "url",
        description:
          "The format in which generated images with dall-e-2 and dall-e-3\nare returned.",
      },
    },
    required: ["prompt", "api_key"],
    failure: "Failed to generate image: ",
    call: async (input, context) => {
      const model = stringInput(input.model, "dall-e-2");
      let format = enumInput(input.response_format, IMAGE_FORMATS, "url", "response_format");
      const body: ImageGenerateParamsNonStreaming = {
        model,
        prompt: String(input.prompt),
        n: numberInput(input.n, 1),
        size: stringInput(input.size, "256x256"),
      };
      if (model === "dall-e-3") body.style = enumInput(input.style, IMAGE_STYLES, "vivid", "style");
      if (model !== "dall-e-2") {
        body.quality = enumInput(input.quality, IMAGE_QUALITIES, "auto", "quality");
      }
      if (model !== "gpt-image-1") body.response_format = format;
      else format = "b64_json";
      const response = await (await client(input.api_key, options)).images.generate(body, {
        signal: context.signal,
      });
      return toolResponse(imageBlocks(response.data ?? [], format));
    },
  });
}

/** `openai_image_to_text`: describes image(s) (by URL) with a vision chat model. */
export function openaiImageToText(options: OpenAIToolOptions = {}): ToolDefinition {
  return apiTool({
    name: "openai_image_to_text",
    description:
      "Generate descriptive text for given image(s) using a specified model, and\nreturn the generated text.",
    properties: {
      image_urls: urlListParam(
        "The URL or list of URLs pointing to the images that need to be\ndescribed.",
      ),
      api_key: openAIKeyParam,
      prompt: {
        type: "string",
        default: "Describe the image",
        description: "The prompt that instructs the model on how to describe\nthe image(s).",
      },
      model: {
        type: "string",
        default: "gpt-4o",
        description: "The model to use for generating the text descriptions.",
      },
    },
    required: ["image_urls", "api_key"],
    failure: "Failed to generate text: ",
    call: async (input, context) => {
      const urls = urlList(input.image_urls);
      const content = [
        ...urls.map((url) => ({ type: "image_url" as const, image_url: { url } })),
        {
          type: "text" as const,
          text: (input.prompt as string | undefined) ?? "Describe the image",
        },
      ];
      const response = await (await client(input.api_key, options)).chat.completions.create(
        {
          model: stringInput(input.model, "gpt-4o"),
          messages: [{ role: "user", content }],
        },
        { signal: context.signal },
      );
      return toolResponse(response.choices[0]?.message.content ?? "");
    },
  });
}

/** `openai_text_to_audio`: speaks `text` (OpenAI TTS) and returns a base64 audio block. */
export function openaiTextToAudio(options: OpenAIToolOptions = {}): ToolDefinition {
  return apiTool({
    name: "openai_text_to_audio",
    description: "Convert text to an audio file using a specified model and voice.",
    properties: {
      text: { type: "string", description: "The text to convert to audio." },
      api_key: openAIKeyParam,
      model: {
        type: "string",
        enum: ["tts-1", "tts-1-hd", "gpt-4o-mini-tts"],
        default: "tts-1",
        description: "The model to use for text-to-speech conversion.",
      },
      voice: {
        type: "string",
        enum: [...VOICES],
        default: "alloy",
        description: "The voice to use for the audio output.",
      },
      speed: {
        type: "number",
        default: 1.0,
        description: "The speed of the audio playback. A value of 1.0 is normal speed.",
      },
      res_format: {
        type: "string",
        enum: [...AUDIO_FORMATS],
        default: "mp3",
        description: "The format of the audio file.",
      },
    },
    required: ["text", "api_key"],
    failure: "Error: Failed to generate audio. ",
    call: async (input, context) => {
      const format = enumInput(input.res_format, AUDIO_FORMATS, "mp3", "res_format");
      const response = await (await client(input.api_key, options)).audio.speech.create(
        {
          model: stringInput(input.model, "tts-1"),
          voice: enumInput(input.voice, VOICES, "alloy", "voice"),
          speed: numberInput(input.speed, 1.0),
          input: String(input.text),
          response_format: format,
        },
        { signal: context.signal },
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      return toolResponse([
        {
          type: "audio",
          source: { type: "base64", media_type: `audio/${format}`, data: bytesToBase64(bytes) },
        },
      ]);
    },
  });
}
