import { apiTool, type ToolDefinition, toolResponse } from "@agentscope-ts/core";
import type { Uploadable } from "openai";
import type { ImageEditParamsNonStreaming } from "openai/resources/images";
import { loadOpenAISdk } from "../model/openai-sdk.js";
import {
  client,
  IMAGE_FORMATS,
  imageBlocks,
  type OpenAIToolOptions,
  openAIKeyParam,
} from "./openai-multimodal-tools.js";
import { enumInput, numberInput, stringInput } from "./tool-input.js";

// AgentScope's OpenAI tools that upload a file: `openai_edit_image`,
// `openai_create_image_variation` and `openai_audio_to_text`. Files are fetched from http(s) or
// data: URLs; a local path needs `readLocalFile` (core stays browser-safe). Unlike AgentScope,
// images are uploaded as given (AgentScope converts them to RGBA PNG with Pillow first).

/** {@link OpenAIToolOptions} plus how to read a local file path. */
export interface OpenAIFileToolOptions extends OpenAIToolOptions {
  /** Reads a local file (e.g. `(path) => readFile(path)` on Node); without it only URLs work. */
  readLocalFile?: (path: string) => Promise<Uint8Array>;
}

/** The file at `url` (http(s), data:, or a local path through `readLocalFile`) for the SDK. */
async function uploadable(
  url: string,
  fallbackName: string,
  options: OpenAIFileToolOptions,
  signal: AbortSignal,
): Promise<Uploadable> {
  if (/^(https?|data):/i.test(url)) {
    const response = await fetch(url, { signal });
    if (!response.ok) throw new Error(`HTTP ${response.status} fetching ${url}`);
    const name = url.startsWith("data:")
      ? fallbackName
      : new URL(url).pathname.split("/").pop() || fallbackName;
    const { toFile } = await loadOpenAISdk();
    return toFile(new Uint8Array(await response.arrayBuffer()), name);
  }
  if (!options.readLocalFile) {
    throw new Error(
      `${url} is not an http(s) or data: URL; pass readLocalFile in the tool's options to read local files`,
    );
  }
  const { toFile } = await loadOpenAISdk();
  return toFile(await options.readLocalFile(url), url.split(/[\\/]/).pop() || fallbackName);
}

const responseFormatParam = {
  type: "string",
  enum: [...IMAGE_FORMATS],
  default: "url",
  description: "The format in which generated images are returned.",
};

const IMAGE_SIZES = ["256x256", "512x512", "1024x1024"] as const;

const sizeParam = (description: string) => ({
  type: "string",
  enum: [...IMAGE_SIZES],
  default: "256x256",
  description,
});

/** `openai_edit_image`: edits an image (optionally within a mask) by a prompt. */
export function openaiEditImage(options: OpenAIFileToolOptions = {}): ToolDefinition {
  return apiTool({
    name: "openai_edit_image",
    description:
      "Edit an image based on the provided mask and prompt, and return the edited\nimage URL(s) or base64 data.",
    properties: {
      image_url: {
        type: "string",
        description: "The file path or URL to the image that needs editing.",
      },
      prompt: {
        type: "string",
        description: "The text prompt describing the edits to be made to the image.",
      },
      api_key: openAIKeyParam,
      model: {
        type: "string",
        enum: ["dall-e-2", "gpt-image-1"],
        default: "dall-e-2",
        description: "The model to use for image generation.",
      },
      mask_url: {
        anyOf: [{ type: "string" }, { type: "null" }],
        default: null,
        description:
          "The file path or URL to the mask image that specifies the regions\nto be edited.",
      },
      n: { type: "integer", default: 1, description: "The number of edited images to generate." },
      size: sizeParam("The size of the edited images."),
      response_format: responseFormatParam,
    },
    required: ["image_url", "prompt", "api_key"],
    failure: "Failed to generate image: ",
    call: async (input, context) => {
      const model = stringInput(input.model, "dall-e-2");
      let format = enumInput(input.response_format, IMAGE_FORMATS, "url", "response_format");
      const body: ImageEditParamsNonStreaming = {
        model,
        image: await uploadable(String(input.image_url), "image.png", options, context.signal),
        prompt: String(input.prompt),
        n: numberInput(input.n, 1),
        size: stringInput(input.size, "256x256"),
      };
      if (typeof input.mask_url === "string" && input.mask_url) {
        body.mask = await uploadable(input.mask_url, "mask.png", options, context.signal);
      }
      if (model === "dall-e-2") body.response_format = format;
      else format = "b64_json";
      const response = await (await client(input.api_key, options)).images.edit(body, {
        signal: context.signal,
      });
      return toolResponse(imageBlocks(response.data ?? [], format));
    },
  });
}

/** `openai_create_image_variation`: variations of an image (DALL·E 2). */
export function openaiCreateImageVariation(options: OpenAIFileToolOptions = {}): ToolDefinition {
  return apiTool({
    name: "openai_create_image_variation",
    description: "Create variations of an image and return the image URL(s) or base64 data.",
    properties: {
      image_url: {
        type: "string",
        description: "The file path or URL to the image from which variations will be\ngenerated.",
      },
      api_key: openAIKeyParam,
      n: {
        type: "integer",
        default: 1,
        description: "The number of image variations to generate.",
      },
      model: {
        type: "string",
        enum: ["dall-e-2"],
        default: "dall-e-2",
        description: "The model to use for image variation.",
      },
      size: sizeParam("The size of the generated image variations."),
      response_format: responseFormatParam,
    },
    required: ["image_url", "api_key"],
    failure: "Failed to generate image: ",
    call: async (input, context) => {
      const format = enumInput(input.response_format, IMAGE_FORMATS, "url", "response_format");
      const image = await uploadable(String(input.image_url), "image.png", options, context.signal);
      // As AgentScope: response_format picks how the answer is read; the request leaves it out.
      const response = await (await client(input.api_key, options)).images.createVariation(
        {
          model: stringInput(input.model, "dall-e-2"),
          image,
          n: numberInput(input.n, 1),
          size: enumInput(input.size, IMAGE_SIZES, "256x256", "size"),
        },
        { signal: context.signal },
      );
      return toolResponse(imageBlocks(response.data ?? [], format));
    },
  });
}

/** `openai_audio_to_text`: transcribes an audio file with `whisper-1`. */
export function openaiAudioToText(options: OpenAIFileToolOptions = {}): ToolDefinition {
  return apiTool({
    name: "openai_audio_to_text",
    description: "Convert an audio file to text using OpenAI's transcription service.",
    properties: {
      audio_file_url: {
        type: "string",
        description: "The file path or URL to the audio file that needs to be\ntranscribed.",
      },
      api_key: openAIKeyParam,
      language: {
        type: "string",
        default: "en",
        description:
          'The language of the input audio in\n`ISO-639-1 format\n<https://en.wikipedia.org/wiki/List_of_ISO_639-1_codes>`_\n(e.g., "en", "zh", "fr"). Improves accuracy and latency.',
      },
      temperature: {
        type: "number",
        default: 0.2,
        description:
          "The temperature for the transcription, which affects the\nrandomness of the output.",
      },
    },
    required: ["audio_file_url", "api_key"],
    failure: "Error: Failed to transcribe audio: ",
    call: async (input, context) => {
      const file = await uploadable(
        String(input.audio_file_url),
        "audio.mp3",
        options,
        context.signal,
      );
      const transcription = await (
        await client(input.api_key, options)
      ).audio.transcriptions.create(
        {
          model: "whisper-1",
          file,
          language: stringInput(input.language, "en"),
          temperature: numberInput(input.temperature, 0.2),
        },
        { signal: context.signal },
      );
      return toolResponse(transcription.text);
    },
  });
}
