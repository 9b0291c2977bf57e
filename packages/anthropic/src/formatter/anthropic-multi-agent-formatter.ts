import {
  DEFAULT_CONVERSATION_HISTORY_PROMPT,
  defaultLocalFileReader,
  type LocalFileReader,
  type Msg,
  systemTextMessage,
  TruncatedFormatterBase,
} from "@agentscope-ts/core";
import type { TextBlockParam } from "@anthropic-ai/sdk/resources/messages";
import {
  AnthropicChatFormatter,
  type AnthropicChatFormatterOptions,
} from "./anthropic-chat-formatter.js";
import { formatAnthropicImageBlock } from "./anthropic-image-block.js";
import type { AnthropicImageBlockParam, AnthropicMessage } from "./anthropic-message.js";

/** Options of {@link AnthropicMultiAgentFormatter}. */
export interface AnthropicMultiAgentFormatterOptions extends AnthropicChatFormatterOptions {
  /** The prompt before the first `<history>` block. Defaults to AgentScope's. */
  conversationHistoryPrompt?: string;
}

/**
 * AgentScope's `AnthropicMultiAgentFormatter`: for conversations among more than one user and one
 * agent. A run of agent messages becomes one user message: their text as `name: text` lines in
 * `<history>` tags, split around their images, which stay in place; tool calls and results are
 * formatted as {@link AnthropicChatFormatter} does.
 */
export class AnthropicMultiAgentFormatter extends TruncatedFormatterBase<AnthropicMessage> {
  /** The prompt before the first `<history>` block. */
  readonly conversationHistoryPrompt: string;
  /** Reads local image files. */
  readonly readLocalFile: LocalFileReader;
  /** AgentScope's class flags. */
  static readonly supportToolsApi = true;
  static readonly supportMultiagent = true;
  static readonly supportVision = true;
  private readonly toolFormatter: AnthropicChatFormatter;

  constructor(options: AnthropicMultiAgentFormatterOptions = {}) {
    super(options);
    this.conversationHistoryPrompt =
      options.conversationHistoryPrompt ?? DEFAULT_CONVERSATION_HISTORY_PROMPT;
    this.readLocalFile = options.readLocalFile ?? defaultLocalFileReader;
    this.toolFormatter = new AnthropicChatFormatter({ readLocalFile: this.readLocalFile });
  }

  /** The leading system message, as AgentScope formats it: its text blocks. */
  protected override async formatSystemMessage(msg: Msg): Promise<AnthropicMessage> {
    return { ...systemTextMessage(msg) };
  }

  protected override formatToolSequence(msgs: Msg[]): Promise<AnthropicMessage[]> {
    return this.toolFormatter.format(msgs);
  }

  protected override async formatAgentMessage(
    msgs: Msg[],
    isFirst: boolean,
  ): Promise<AnthropicMessage[]> {
    const prompt = isFirst ? this.conversationHistoryPrompt : "";
    const blocks: (TextBlockParam | AnthropicImageBlockParam)[] = [];
    let lines: string[] = [];
    const flush = () => {
      if (lines.length === 0) return;
      blocks.push({ text: lines.join("\n"), type: "text" });
      lines = [];
    };
    for (const msg of msgs) {
      for (const block of msg.getContentBlocks()) {
        if (block.type === "text") {
          lines.push(`${msg.name}: ${block.text}`);
        } else if (block.type === "image") {
          flush();
          blocks.push(await formatAnthropicImageBlock(block, this.readLocalFile));
        }
      }
    }
    flush();
    if (blocks.length === 0) return [];
    const first = blocks[0];
    if (first?.type === "text" && first.text) first.text = `${prompt}<history>\n${first.text}`;
    else blocks.unshift({ type: "text", text: `${prompt}<history>\n` });
    const last = blocks[blocks.length - 1];
    if (last?.type === "text" && last.text) last.text = `${last.text}\n</history>`;
    else blocks.push({ type: "text", text: "</history>" });
    return [{ role: "user", content: blocks }];
  }
}

/** AgentScope's default `conversation_history_prompt`, from core's provider kit. */
export { DEFAULT_CONVERSATION_HISTORY_PROMPT };
