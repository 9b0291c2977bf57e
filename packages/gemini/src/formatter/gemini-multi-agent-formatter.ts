import {
  DEFAULT_CONVERSATION_HISTORY_PROMPT,
  type Msg,
  TruncatedFormatterBase,
} from "@agentscope-ts/core";
import { GeminiChatFormatter, type GeminiChatFormatterOptions } from "./gemini-chat-formatter.js";
import type { GeminiContent, GeminiPart } from "./gemini-content.js";
import { formatGeminiMediaBlock, type GeminiMediaIO, geminiMediaIO } from "./gemini-media.js";

/** Options of {@link GeminiMultiAgentFormatter}. */
export interface GeminiMultiAgentFormatterOptions extends GeminiChatFormatterOptions {
  /** The prompt before the first `<history>` block. Defaults to AgentScope's. */
  conversationHistoryPrompt?: string;
}

/**
 * AgentScope's `GeminiMultiAgentFormatter`: for conversations among more than one user and one
 * agent. The leading system message becomes a user content with its text; runs of agent messages
 * become one user content whose parts interleave `name: text` lines (in `<history>` tags) with
 * their media, in order; tool calls and results are formatted as {@link GeminiChatFormatter} does.
 */
export class GeminiMultiAgentFormatter extends TruncatedFormatterBase<GeminiContent> {
  /** The prompt before the first `<history>` block. */
  readonly conversationHistoryPrompt: string;
  /** Whether tool-result images are promoted to a user message. */
  readonly promoteToolResultImages: boolean;
  /** How local files and web media are read. */
  readonly mediaIO: GeminiMediaIO;
  /** AgentScope's class flags. */
  static readonly supportToolsApi = true;
  static readonly supportMultiagent = true;
  static readonly supportVision = true;
  private readonly toolFormatter: GeminiChatFormatter;

  constructor(options: GeminiMultiAgentFormatterOptions = {}) {
    super(options);
    this.conversationHistoryPrompt =
      options.conversationHistoryPrompt ?? DEFAULT_CONVERSATION_HISTORY_PROMPT;
    this.promoteToolResultImages = options.promoteToolResultImages ?? false;
    this.mediaIO = geminiMediaIO(options);
    this.toolFormatter = new GeminiChatFormatter({
      promoteToolResultImages: this.promoteToolResultImages,
      saveBase64Data: this.saveBase64Data,
      readLocalFile: this.mediaIO.readLocalFile,
      fetch: this.mediaIO.fetch,
    });
  }

  protected override async formatSystemMessage(msg: Msg): Promise<GeminiContent> {
    return { role: "user", parts: [{ text: msg.getTextContent() }] };
  }

  protected override formatToolSequence(msgs: Msg[]): Promise<GeminiContent[]> {
    return this.toolFormatter.format(msgs);
  }

  protected override async formatAgentMessage(
    msgs: Msg[],
    isFirst: boolean,
  ): Promise<GeminiContent[]> {
    const prompt = isFirst ? this.conversationHistoryPrompt : "";
    const parts: GeminiPart[] = [];
    let lines: string[] = [];
    for (const msg of msgs) {
      for (const block of msg.getContentBlocks()) {
        if (block.type === "text") {
          lines.push(`${msg.name}: ${block.text}`);
        } else if (block.type === "image" || block.type === "audio" || block.type === "video") {
          if (lines.length > 0) {
            parts.push({ text: lines.join("\n") });
            lines = [];
          }
          parts.push(await formatGeminiMediaBlock(block, this.mediaIO));
        }
      }
    }
    if (lines.length > 0) parts.push({ text: lines.join("\n") });
    if (parts.length === 0) return [];
    const first = parts[0] as GeminiPart;
    if (first.text) first.text = `${prompt}<history>${first.text}`;
    else parts.unshift({ text: `${prompt}<history>` });
    const last = parts[parts.length - 1] as GeminiPart;
    if (last.text) last.text += "\n</history>";
    else parts.push({ text: "</history>" });
    return [{ role: "user", parts }];
  }
}

/** AgentScope's default `conversation_history_prompt`, from core's provider kit. */
export { DEFAULT_CONVERSATION_HISTORY_PROMPT };
