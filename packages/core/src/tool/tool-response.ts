import type { ToolResultOutputBlock } from "../message/content-block.js";
import { shortUuid } from "../utils/short-uuid.js";

/** One result (or one streamed chunk of a result) of a tool call: AgentScope's `ToolResponse`. */
export interface ToolResponse {
  /** What the tool produced: text and media blocks. */
  content: ToolResultOutputBlock[];
  /** Data for the agent that is not shown to the model (e.g. structured output). */
  metadata?: Record<string, unknown>;
  /** Whether this is one chunk of a streamed result. */
  stream: boolean;
  /** Whether this is the last chunk of the call. */
  isLast: boolean;
  /** Whether the call was interrupted before it finished. */
  isInterrupted: boolean;
  /** A unique id of this response. */
  id: string;
}

/** Builds a {@link ToolResponse}; `content` may be a plain string (one text block). */
export function toolResponse(
  content: string | ToolResultOutputBlock[],
  options: Partial<Omit<ToolResponse, "content">> = {},
): ToolResponse {
  return {
    content: typeof content === "string" ? [{ type: "text", text: content }] : content,
    stream: false,
    isLast: true,
    isInterrupted: false,
    id: shortUuid(),
    ...options,
  };
}
