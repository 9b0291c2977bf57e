import { shortUuid } from "../utils/short-uuid.js";
import { formatTimestamp } from "../utils/timestamp.js";
import type { ChatResponse, ChatResponseBlock, ChatUsage } from "./chat-response.js";

/** Fields of {@link createChatResponse}; only `content` is required. */
export interface CreateChatResponseOptions {
  content: ChatResponseBlock[];
  /** Defaults to a fresh `shortUuid()`; providers pass the API's response id. */
  id?: string;
  /** Defaults to now, as `formatTimestamp()` writes it. */
  createdAt?: string;
  usage?: ChatUsage | undefined;
  metadata?: Record<string, unknown> | undefined;
}

/** Builds a {@link ChatResponse}, filling in `id` and `createdAt` and leaving out empty fields. */
export function createChatResponse(options: CreateChatResponseOptions): ChatResponse {
  const response: ChatResponse = {
    id: options.id ?? shortUuid(),
    createdAt: options.createdAt ?? formatTimestamp(),
    content: options.content,
  };
  if (options.usage) response.usage = options.usage;
  if (options.metadata != null) response.metadata = options.metadata;
  return response;
}
