import type {
  AudioBlock,
  TextBlock,
  ThinkingBlock,
  ToolUseBlock,
} from "../message/content-block.js";

/** The blocks a model can produce. */
export type ChatResponseBlock = TextBlock | ThinkingBlock | ToolUseBlock | AudioBlock;

/** Token and time use of one model call (AgentScope's `ChatUsage`). */
export interface ChatUsage {
  /** Tokens in the prompt. */
  inputTokens: number;
  /** Tokens generated. */
  outputTokens: number;
  /** Seconds the call took. */
  time: number;
  /** Provider-specific extras (cached tokens, reasoning tokens…). */
  metadata?: Record<string, unknown>;
}

/**
 * What a chat model returns: the final answer of `call()`, or one cumulative chunk of `stream()`
 * (each chunk holds all content so far). `metadata` carries structured output when a
 * `structuredModel` was asked for.
 */
export interface ChatResponse {
  /** A unique id of this response. */
  id: string;
  /** When the response was created, `YYYY-MM-DD HH:MM:SS.mmm`. */
  createdAt: string;
  /** The content so far (for a stream chunk) or in full. */
  content: ChatResponseBlock[];
  /** Token use, when the provider reports it. */
  usage?: ChatUsage;
  /** Structured output and other response-level data. */
  metadata?: Record<string, unknown>;
}
