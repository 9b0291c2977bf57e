import {
  abortableSleep,
  apiKeyParam,
  apiTool,
  bytesToBase64,
  type ImageBlock,
  type ToolContext,
  type ToolDefinition,
  toolResponse,
  urlList,
  urlListParam,
} from "@agentscope-ts/core";
import { dashScopeErrorFrom } from "../model/dashscope-error.js";
import { type DashScopeHttpRequest, postJson } from "../model/dashscope-http.js";
import { type DashScopeBaseURLOptions, dashScopeBaseURL } from "../utils/base-url.js";

// AgentScope's `agentscope.tool.dashscope_*` multimodal tools on DashScope's native HTTP API:
// the same names, parameters (docstrings' descriptions and defaults), result blocks and failure
// texts. `api_key` is a parameter as in AgentScope: preset it (`presetKwargs: { api_key }`).
// `dashscope_text_to_audio` is left out: its Sambert API is a WebSocket protocol.

/** Where the DashScope tools send their requests, and how long image synthesis may take. */
export interface DashScopeToolOptions extends DashScopeBaseURLOptions {
  /** The `fetch` used for requests. Default the global one. */
  fetch?: typeof globalThis.fetch;
  /** Milliseconds between two polls of an image synthesis task. Default 1000. */
  pollIntervalMs?: number;
  /** The longest wait for an image synthesis task, in milliseconds. Default 300 000 (5 minutes). */
  maxWaitMs?: number;
}

const dashScopeKeyParam = apiKeyParam("The api key for the dashscope api.");

function settings(options: DashScopeToolOptions) {
  return {
    base: dashScopeBaseURL("DashScope tools", options),
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
  };
}

function request(
  url: string,
  apiKey: unknown,
  body: unknown,
  context: ToolContext,
  fetch: typeof globalThis.fetch,
  headers: Record<string, string> = {},
): DashScopeHttpRequest {
  return {
    url,
    headers: {
      Authorization: `Bearer ${String(apiKey)}`,
      "Content-Type": "application/json",
      ...headers,
    },
    body,
    signal: context.signal,
    fetch,
    provider: "dashscope",
  };
}

/** GETs an image synthesis task until it ends; returns its `output`. */
async function waitForTask(
  base: string,
  taskId: string,
  apiKey: unknown,
  context: ToolContext,
  fetch: typeof globalThis.fetch,
  options: DashScopeToolOptions,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + (options.maxWaitMs ?? 300_000);
  while (true) {
    const response = await fetch(`${base}/tasks/${encodeURIComponent(taskId)}`, {
      headers: { Authorization: `Bearer ${String(apiKey)}` },
      signal: context.signal,
    });
    const text = await response.text();
    if (!response.ok)
      throw dashScopeErrorFrom(response.status, text, response.headers, "dashscope");
    const output = ((JSON.parse(text) as { output?: Record<string, unknown> }).output ??
      {}) as Record<string, unknown>;
    const status = output.task_status;
    if (status === "SUCCEEDED") return output;
    if (status === "FAILED" || status === "CANCELED" || status === "UNKNOWN") {
      throw new Error(
        `The image synthesis task ${taskId} ended ${String(status)}: ${String(output.message ?? output.code ?? "")}`,
      );
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `The image synthesis task ${taskId} did not finish within ${options.maxWaitMs ?? 300_000} ms (maxWaitMs).`,
      );
    }
    await abortableSleep(options.pollIntervalMs ?? 1000, context.signal);
  }
}

/** The bytes at `url` as base64 (for `use_base64`). */
async function fetchBase64(url: string, fetch: typeof globalThis.fetch, signal: AbortSignal) {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`Failed to fetch ${url}: HTTP ${response.status}`);
  return bytesToBase64(new Uint8Array(await response.arrayBuffer()));
}

/**
 * `dashscope_text_to_image`: generates images (Wanx / Qwen-Image, an asynchronous DashScope task
 * that is polled until it ends) and returns image blocks by URL, or base64 with `use_base64`.
 */
export function dashscopeTextToImage(options: DashScopeToolOptions = {}): ToolDefinition {
  return apiTool({
    name: "dashscope_text_to_image",
    description:
      "Generate image(s) based on the given prompt, and return image url(s)\nor base64 data.",
    properties: {
      prompt: { type: "string", description: "The text prompt to generate image." },
      api_key: dashScopeKeyParam,
      n: { type: "integer", default: 1, description: "The number of images to generate." },
      size: {
        type: "string",
        enum: ["1024*1024", "720*1280", "1280*720"],
        default: "1024*1024",
        description: "Size of the image.",
      },
      model: {
        type: "string",
        default: "wanx-v1",
        description: 'The model to use, such as "wanx-v1", "qwen-image",\n"wan2.2-t2i-flash", etc.',
      },
      use_base64: {
        type: "boolean",
        default: false,
        description: "Whether to use base64 data for images.",
      },
    },
    required: ["prompt", "api_key"],
    failure: "Failed to generate images: ",
    call: async (input, context) => {
      const { base, fetch } = settings(options);
      const submitted = await postJson(
        request(
          `${base}/services/aigc/text2image/image-synthesis`,
          input.api_key,
          {
            model: input.model ?? "wanx-v1",
            input: { prompt: input.prompt },
            parameters: { n: input.n ?? 1, size: input.size ?? "1024*1024" },
          },
          context,
          fetch,
          { "X-DashScope-Async": "enable" },
        ),
      );
      const taskId = (submitted.output as { task_id?: string } | undefined)?.task_id;
      if (!taskId) return toolResponse("Error: Failed to generate images");
      const output = await waitForTask(base, taskId, input.api_key, context, fetch, options);
      const urls = ((output.results as { url?: string }[] | undefined) ?? [])
        .map((r) => r.url)
        .filter((u): u is string => typeof u === "string");
      if (urls.length === 0) return toolResponse("Error: Failed to generate images");
      const blocks: ImageBlock[] = [];
      for (const url of urls) {
        if (input.use_base64 === true) {
          const extension = (new URL(url).pathname.split(".").pop() ?? "png").toLowerCase();
          blocks.push({
            type: "image",
            source: {
              type: "base64",
              media_type: `image/${extension}`,
              data: await fetchBase64(url, fetch, context.signal),
            },
          });
        } else {
          blocks.push({ type: "image", source: { type: "url", url } });
        }
      }
      return toolResponse(blocks);
    },
  });
}

/** `dashscope_image_to_text`: describes image(s) (by URL) with a Qwen-VL model. */
export function dashscopeImageToText(options: DashScopeToolOptions = {}): ToolDefinition {
  return apiTool({
    name: "dashscope_image_to_text",
    description: "Generate text based on the given images.",
    properties: {
      image_urls: urlListParam("The url of single or multiple images."),
      api_key: dashScopeKeyParam,
      prompt: { type: "string", default: "Describe the image", description: "The text prompt." },
      model: {
        type: "string",
        default: "qwen-vl-plus",
        description: "The model to use in DashScope MultiModal API.",
      },
    },
    required: ["image_urls", "api_key"],
    failure: "Failed to generate text: ",
    call: async (input, context) => {
      const { base, fetch } = settings(options);
      const urls = urlList(input.image_urls);
      const messages = [
        { role: "system", content: [{ text: "You are a helpful assistant." }] },
        {
          role: "user",
          content: [
            ...urls.map((image) => ({ image })),
            { text: (input.prompt as string | undefined) ?? "Describe the image" },
          ],
        },
      ];
      const response = await postJson(
        request(
          `${base}/services/aigc/multimodal-generation/generation`,
          input.api_key,
          { model: input.model ?? "qwen-vl-plus", input: { messages } },
          context,
          fetch,
        ),
      );
      const choices = (response.output as { choices?: { message?: { content?: unknown } }[] })
        ?.choices;
      let content = choices?.[0]?.message?.content;
      if (Array.isArray(content)) content = (content[0] as { text?: unknown } | undefined)?.text;
      if (typeof content !== "string") return toolResponse("Error: Failed to generate text");
      return toolResponse(content);
    },
  });
}
