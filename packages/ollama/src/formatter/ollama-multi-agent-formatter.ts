import {
  historyPieces,
  type Msg,
  MultiAgentFormatterBase,
  toolFormatterOptions,
} from "@agentscope-ts/core";
import { OllamaChatFormatter, type OllamaChatFormatterOptions } from "./ollama-chat-formatter.js";
import { formatOllamaImageBlock, type OllamaMediaIO, ollamaMediaIO } from "./ollama-media.js";
import type { OllamaMessage } from "./ollama-message.js";

/** Options of {@link OllamaMultiAgentFormatter}. */
export interface OllamaMultiAgentFormatterOptions extends OllamaChatFormatterOptions {
  /** The prompt before the first `<history>` block. Defaults to AgentScope's. */
  conversationHistoryPrompt?: string;
}

/**
 * AgentScope's `OllamaMultiAgentFormatter`: for conversations among more than one user and one
 * agent. A leading system message becomes `{role: "system", content: text}`; each run of agent
 * messages becomes one user message whose `content` holds their text as `name: text` lines in
 * `<history>` tags (an image between texts leaves an empty line, as in AgentScope) and whose
 * `images` holds their images; tool calls and results are formatted as {@link OllamaChatFormatter}
 * does.
 */
export class OllamaMultiAgentFormatter extends MultiAgentFormatterBase<OllamaMessage> {
  /** Whether tool-result images are promoted to a user message. */
  readonly promoteToolResultImages: boolean;
  /** Whether thinking in tool sequences goes back as `<think>…</think>` text (else left out). */
  readonly thinkingAsText: boolean;
  /** How local files and web images are read. */
  readonly mediaIO: OllamaMediaIO;
  /** AgentScope's class flags. */
  static readonly supportVision = true;

  constructor(options: OllamaMultiAgentFormatterOptions = {}) {
    super(options);
    this.promoteToolResultImages = options.promoteToolResultImages ?? false;
    this.thinkingAsText = options.thinkingAsText ?? true;
    this.mediaIO = ollamaMediaIO(options);
  }

  protected override async formatSystemMessage(msg: Msg): Promise<OllamaMessage> {
    return { role: "system", content: msg.getTextContent() };
  }

  protected createToolFormatter(): OllamaChatFormatter {
    return new OllamaChatFormatter({
      ...toolFormatterOptions(this),
      thinkingAsText: this.thinkingAsText,
    });
  }

  protected override async formatAgentMessage(
    msgs: Msg[],
    isFirst: boolean,
  ): Promise<OllamaMessage[]> {
    const images: string[] = [];
    const pieces = await historyPieces(msgs, this.historyPrompt(isFirst), async (block) => {
      if (block.type !== "image") return undefined;
      images.push(await formatOllamaImageBlock(block, this.mediaIO));
      return true;
    });
    if (pieces.length === 0) return [];

    const content = pieces.map((piece) => ("text" in piece ? piece.text : "")).join("\n");
    const message: OllamaMessage = { role: "user", content };
    if (images.length > 0) message.images = images;
    return [message];
  }
}

/** AgentScope's default `conversation_history_prompt`, from core's provider kit. */
export { DEFAULT_CONVERSATION_HISTORY_PROMPT } from "@agentscope-ts/core";
