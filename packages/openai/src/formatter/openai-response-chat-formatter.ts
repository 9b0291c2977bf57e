import {
  type ContentBlock,
  type Msg,
  promoteToolResultMedia,
  pythonJsonDumps,
  TruncatedFormatterBase,
  warnSkippedBlock,
} from "@agentscope-ts/core";
import { mediaIO, type OpenAIChatFormatterOptions } from "./openai-chat-formatter.js";
import { formatOpenAIImageBlock, type MediaIO, toOpenAIAudioData } from "./openai-media.js";
import type {
  OpenAIResponseContentPart,
  OpenAIResponseImagePart,
  OpenAIResponseInputItem,
} from "./openai-response-input.js";
import { reasoningInputItems } from "./openai-response-reasoning-items.js";

/** Options of {@link OpenAIResponseChatFormatter} (AgentScope's keyword arguments, camelCased). */
export type OpenAIResponseChatFormatterOptions = OpenAIChatFormatterOptions;

/**
 * AgentScope's `_format_openai_response_image_block`: `{type: "input_image", image_url}` from a
 * URL source (local files inlined as base64) or a base64 source (as a `data:` URL).
 */
export async function formatResponseImageBlock(
  block: Parameters<typeof formatOpenAIImageBlock>[0],
  io: MediaIO,
): Promise<OpenAIResponseImagePart> {
  const formatted = await formatOpenAIImageBlock(block, io);
  return { type: "input_image", image_url: formatted.image_url.url };
}

/**
 * The content parts of a user/system (`input_text`, `input_image`, `input_audio`) or assistant
 * (`output_text`; audio dropped) message item of the Responses API, for the media blocks of `msg`.
 */
async function contentPart(
  block: ContentBlock,
  role: string,
  io: MediaIO,
): Promise<OpenAIResponseContentPart | undefined> {
  switch (block.type) {
    case "text":
      return { type: role === "assistant" ? "output_text" : "input_text", text: block.text };
    case "image":
      return formatResponseImageBlock(block, io);
    case "audio":
      // Audio an assistant produced (text + audio models) is not sent back.
      if (role === "assistant") return undefined;
      return { type: "input_audio", input_audio: await toOpenAIAudioData(block.source, io) };
    default:
      return undefined;
  }
}

/**
 * AgentScope's `OpenAIResponseChatFormatter`: formats messages as the `input` items of the OpenAI
 * Responses API. A message becomes `{role, content: [...]}` with `input_text` parts (`output_text`
 * for the assistant), `input_image` and `input_audio`; tool calls and results become top-level
 * `function_call` / `function_call_output` items after it (results as text; media become "can be
 * found at" lines, images optionally promoted into a user message). Beyond the reference, an
 * assistant's thinking block that came from {@link OpenAIResponseModel} (it carries the reasoning
 * item ids, and `encrypted_content` when asked for) is sent back as its `reasoning` items, before
 * the message, so reasoning models keep their chain of thought across tool calls.
 */
export class OpenAIResponseChatFormatter extends TruncatedFormatterBase<OpenAIResponseInputItem> {
  /** Whether tool-result images are promoted to a user message. */
  readonly promoteToolResultImages: boolean;
  /** How local files and web audio are read. */
  readonly mediaIO: MediaIO;
  /** AgentScope's class flags. */
  static readonly supportToolsApi = true;
  static readonly supportMultiagent = true;
  static readonly supportVision = true;

  constructor(options: OpenAIResponseChatFormatterOptions = {}) {
    super(options);
    this.promoteToolResultImages = options.promoteToolResultImages ?? false;
    this.mediaIO = mediaIO(options);
  }

  protected override async formatMessages(msgs: Msg[]): Promise<OpenAIResponseInputItem[]> {
    const items: OpenAIResponseInputItem[] = [];
    for (const msg of msgs) {
      const content: OpenAIResponseContentPart[] = [];
      const reasoning: OpenAIResponseInputItem[] = [];
      // function_call / function_call_output are top-level items, flushed after the message.
      const trailing: OpenAIResponseInputItem[] = [];
      for (const block of msg.getContentBlocks()) {
        switch (block.type) {
          case "text":
          case "image":
          case "audio": {
            const part = await contentPart(block, msg.role, this.mediaIO);
            if (part) content.push(part);
            break;
          }
          case "tool_use":
            trailing.push({
              type: "function_call",
              call_id: block.id,
              name: block.name,
              arguments: pythonJsonDumps(block.input ?? {}),
            });
            break;
          case "tool_result": {
            const { text, media } = await this.convertToolResultToString(block.output);
            trailing.push({ type: "function_call_output", call_id: block.id, output: text });
            const promoted = promoteToolResultMedia(block.name, media, {
              images: this.promoteToolResultImages,
            });
            if (promoted) {
              const parts: OpenAIResponseContentPart[] = [];
              for (const part of promoted.getContentBlocks()) {
                const formatted = await contentPart(part, "user", this.mediaIO);
                if (formatted) parts.push(formatted);
              }
              // As the reference: the promoted message goes out before the trailing items.
              items.push({ role: "user", content: parts });
            }
            break;
          }
          case "thinking":
            if (msg.role === "assistant") {
              const passed = reasoningInputItems(block);
              if (passed.length > 0) {
                reasoning.push(...passed);
                break;
              }
            }
            warnSkippedBlock(this.constructor.name, block.type);
            break;
          default:
            warnSkippedBlock(this.constructor.name, block.type);
        }
      }
      items.push(...reasoning);
      if (content.length > 0) items.push({ role: msg.role, content });
      items.push(...trailing);
    }
    return items;
  }
}
