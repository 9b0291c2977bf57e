import { historyPieces, type Msg, MultiAgentFormatterBase } from "@agentscope-ts/core";
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
export class DashScopeMultiAgentFormatter extends MultiAgentFormatterBase<DashScopeMessage> {
  /** Whether tool-result images are promoted to a user message. */
  readonly promoteToolResultImages: boolean;
  /** Whether tool-result audio is promoted to a user message. */
  readonly promoteToolResultAudios: boolean;
  /** Whether tool-result videos are promoted to a user message. */
  readonly promoteToolResultVideos: boolean;
  /** How local media files are read. */
  readonly readLocalFile: LocalFileReader;
  /** AgentScope's class flags. */
  static readonly supportVision = true;

  constructor(options: DashScopeMultiAgentFormatterOptions = {}) {
    super(options);
    this.promoteToolResultImages = options.promoteToolResultImages ?? false;
    this.promoteToolResultAudios = options.promoteToolResultAudios ?? false;
    this.promoteToolResultVideos = options.promoteToolResultVideos ?? false;
    this.readLocalFile = options.readLocalFile ?? defaultLocalFileReader;
  }

  protected override async formatSystemMessage(msg: Msg): Promise<DashScopeMessage> {
    return { role: "system", content: msg.getTextContent() };
  }

  protected createToolFormatter(): DashScopeChatFormatter {
    return new DashScopeChatFormatter({
      promoteToolResultImages: this.promoteToolResultImages,
      promoteToolResultAudios: this.promoteToolResultAudios,
      promoteToolResultVideos: this.promoteToolResultVideos,
      saveBase64Data: this.saveBase64Data,
      readLocalFile: this.readLocalFile,
    });
  }

  protected override async formatAgentMessage(
    msgs: Msg[],
    isFirst: boolean,
  ): Promise<DashScopeMessage[]> {
    const pieces = await historyPieces(msgs, this.historyPrompt(isFirst), async (block) =>
      block.type === "image" || block.type === "audio" || block.type === "video"
        ? formatDashScopeMediaBlock(block, this.readLocalFile)
        : undefined,
    );
    if (pieces.length === 0) return [];
    const parts: DashScopeContentPart[] = pieces.map((piece) =>
      "text" in piece ? { text: piece.text } : piece.media,
    );
    return joinAllTextContent([{ role: "user", content: parts }]);
  }
}

/** AgentScope's default `conversation_history_prompt`, from core's provider kit. */
export { DEFAULT_CONVERSATION_HISTORY_PROMPT } from "@agentscope-ts/core";
