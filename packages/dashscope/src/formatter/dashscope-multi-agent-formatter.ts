import {
  DEFAULT_CONVERSATION_HISTORY_PROMPT,
  type Msg,
  TruncatedFormatterBase,
} from "@agentscope-ts/core";
import {
  DashScopeChatFormatter,
  type DashScopeChatFormatterOptions,
} from "./dashscope-chat-formatter.js";
import { formatDashScopeMediaBlock } from "./dashscope-media.js";
import type { DashScopeContentPart, DashScopeMessage } from "./dashscope-message.js";
import { joinAllTextContent } from "./join-text-content.js";
import { defaultLocalFileReader, type LocalFileReader } from "./local-file-reader.js";

/** Options of {@link DashScopeMultiAgentFormatter}. */
export interface DashScopeMultiAgentFormatterOptions extends DashScopeChatFormatterOptions {
  /** The prompt before the first `<history>` block. Defaults to AgentScope's. */
  conversationHistoryPrompt?: string;
}

/**
 * AgentScope's `DashScopeMultiAgentFormatter`: for conversations among more than one user and one
 * agent. The leading system message keeps its text; each run of agent messages becomes one user
 * message whose `name: text` lines sit in `<history>` tags, interleaved with their media in order
 * (one string when all text); tool calls and results are formatted as
 * {@link DashScopeChatFormatter} does.
 */
export class DashScopeMultiAgentFormatter extends TruncatedFormatterBase<DashScopeMessage> {
  /** The prompt before the first `<history>` block. */
  readonly conversationHistoryPrompt: string;
  /** Whether tool-result images are promoted to a user message. */
  readonly promoteToolResultImages: boolean;
  /** Whether tool-result audio is promoted to a user message. */
  readonly promoteToolResultAudios: boolean;
  /** Whether tool-result videos are promoted to a user message. */
  readonly promoteToolResultVideos: boolean;
  /** How local media files are read. */
  readonly readLocalFile: LocalFileReader;
  /** AgentScope's class flags. */
  static readonly supportToolsApi = true;
  static readonly supportMultiagent = true;
  static readonly supportVision = true;
  private readonly toolFormatter: DashScopeChatFormatter;

  constructor(options: DashScopeMultiAgentFormatterOptions = {}) {
    super(options);
    this.conversationHistoryPrompt =
      options.conversationHistoryPrompt ?? DEFAULT_CONVERSATION_HISTORY_PROMPT;
    this.promoteToolResultImages = options.promoteToolResultImages ?? false;
    this.promoteToolResultAudios = options.promoteToolResultAudios ?? false;
    this.promoteToolResultVideos = options.promoteToolResultVideos ?? false;
    this.readLocalFile = options.readLocalFile ?? defaultLocalFileReader;
    this.toolFormatter = new DashScopeChatFormatter({
      promoteToolResultImages: this.promoteToolResultImages,
      promoteToolResultAudios: this.promoteToolResultAudios,
      promoteToolResultVideos: this.promoteToolResultVideos,
      saveBase64Data: this.saveBase64Data,
      readLocalFile: this.readLocalFile,
    });
  }

  protected override async formatSystemMessage(msg: Msg): Promise<DashScopeMessage> {
    return { role: "system", content: msg.getTextContent() };
  }

  protected override formatToolSequence(msgs: Msg[]): Promise<DashScopeMessage[]> {
    return this.toolFormatter.format(msgs);
  }

  protected override async formatAgentMessage(
    msgs: Msg[],
    isFirst: boolean,
  ): Promise<DashScopeMessage[]> {
    const prompt = isFirst ? this.conversationHistoryPrompt : "";
    const parts: DashScopeContentPart[] = [];
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
          parts.push(await formatDashScopeMediaBlock(block, this.readLocalFile));
        }
      }
    }
    if (lines.length > 0) parts.push({ text: lines.join("\n") });
    if (parts.length === 0) return [];
    const first = parts[0];
    if (first && "text" in first && first.text) first.text = `${prompt}<history>\n${first.text}`;
    else parts.unshift({ text: `${prompt}<history>\n` });
    const last = parts[parts.length - 1];
    if (last && "text" in last && last.text) last.text += "\n</history>";
    else parts.push({ text: "</history>" });
    return joinAllTextContent([{ role: "user", content: parts }]);
  }
}

/** AgentScope's default `conversation_history_prompt`, from core's provider kit. */
export { DEFAULT_CONVERSATION_HISTORY_PROMPT };
