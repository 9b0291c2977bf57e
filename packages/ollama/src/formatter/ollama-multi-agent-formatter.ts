import {
  DEFAULT_CONVERSATION_HISTORY_PROMPT,
  type Msg,
  TruncatedFormatterBase,
} from "@agentscope-ts/core";
import { OllamaChatFormatter, type OllamaChatFormatterOptions } from "./ollama-chat-formatter.js";
import { formatOllamaImageBlock, type OllamaMediaIO, ollamaMediaIO } from "./ollama-media.js";
import type { OllamaMessage } from "./ollama-message.js";

/** Options of {@link OllamaMultiAgentFormatter}. */
export interface OllamaMultiAgentFormatterOptions extends OllamaChatFormatterOptions {
  /** The prompt before the first `<history>` block. Defaults to AgentScope's. */
  conversationHistoryPrompt?: string;
}

/** A piece of the history text: a run of `name: text` lines, or an image (no text). */
type HistoryPiece = { text: string } | { image: true };

/**
 * AgentScope's `OllamaMultiAgentFormatter`: for conversations among more than one user and one
 * agent. A leading system message becomes `{role: "system", content: text}`; each run of agent
 * messages becomes one user message whose `content` holds their text as `name: text` lines in
 * `<history>` tags (an image between texts leaves an empty line, as in AgentScope) and whose
 * `images` holds their images; tool calls and results are formatted as {@link OllamaChatFormatter}
 * does.
 */
export class OllamaMultiAgentFormatter extends TruncatedFormatterBase<OllamaMessage> {
  /** The prompt before the first `<history>` block. */
  readonly conversationHistoryPrompt: string;
  /** Whether tool-result images are promoted to a user message. */
  readonly promoteToolResultImages: boolean;
  /** Whether thinking in tool sequences goes back as `<think>…</think>` text (else left out). */
  readonly thinkingAsText: boolean;
  /** How local files and web images are read. */
  readonly mediaIO: OllamaMediaIO;
  /** AgentScope's class flags. */
  static readonly supportToolsApi = true;
  static readonly supportMultiagent = true;
  static readonly supportVision = true;
  private readonly toolFormatter: OllamaChatFormatter;

  constructor(options: OllamaMultiAgentFormatterOptions = {}) {
    super(options);
    this.conversationHistoryPrompt =
      options.conversationHistoryPrompt ?? DEFAULT_CONVERSATION_HISTORY_PROMPT;
    this.promoteToolResultImages = options.promoteToolResultImages ?? false;
    this.thinkingAsText = options.thinkingAsText ?? true;
    this.mediaIO = ollamaMediaIO(options);
    this.toolFormatter = new OllamaChatFormatter({
      promoteToolResultImages: this.promoteToolResultImages,
      thinkingAsText: this.thinkingAsText,
      saveBase64Data: this.saveBase64Data,
      readLocalFile: this.mediaIO.readLocalFile,
      fetch: this.mediaIO.fetch,
    });
  }

  protected override async formatSystemMessage(msg: Msg): Promise<OllamaMessage> {
    return { role: "system", content: msg.getTextContent() };
  }

  protected override formatToolSequence(msgs: Msg[]): Promise<OllamaMessage[]> {
    return this.toolFormatter.format(msgs);
  }

  protected override async formatAgentMessage(
    msgs: Msg[],
    isFirst: boolean,
  ): Promise<OllamaMessage[]> {
    const prompt = isFirst ? this.conversationHistoryPrompt : "";
    const pieces: HistoryPiece[] = [];
    const images: string[] = [];
    let lines: string[] = [];
    for (const msg of msgs) {
      for (const block of msg.getContentBlocks()) {
        if (block.type === "text") {
          lines.push(`${msg.name}: ${block.text}`);
        } else if (block.type === "image") {
          if (lines.length > 0) {
            pieces.push({ text: lines.join("\n") });
            lines = [];
          }
          images.push(await formatOllamaImageBlock(block, this.mediaIO));
          pieces.push({ image: true });
        }
      }
    }
    if (lines.length > 0) pieces.push({ text: lines.join("\n") });
    if (pieces.length === 0) return [];

    const first = pieces[0] as HistoryPiece;
    if ("text" in first && first.text) first.text = `${prompt}<history>\n${first.text}`;
    else pieces.unshift({ text: `${prompt}<history>\n` });
    const last = pieces[pieces.length - 1] as HistoryPiece;
    if ("text" in last && last.text) last.text += "\n</history>";
    else pieces.push({ text: "</history>" });

    const content = pieces.map((piece) => ("text" in piece ? piece.text : "")).join("\n");
    const message: OllamaMessage = { role: "user", content };
    if (images.length > 0) message.images = images;
    return [message];
  }
}

/** AgentScope's default `conversation_history_prompt`, from core's provider kit. */
export { DEFAULT_CONVERSATION_HISTORY_PROMPT };
