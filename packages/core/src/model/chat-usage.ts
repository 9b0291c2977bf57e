import type { ChatUsage } from "./chat-response.js";

/**
 * Adds up the usage of several model calls (an agent's reply makes one per reasoning step):
 * tokens and time are summed; `undefined` entries are skipped. Returns `undefined` when none.
 */
export function sumChatUsage(usages: Iterable<ChatUsage | undefined>): ChatUsage | undefined {
  let total: ChatUsage | undefined;
  for (const usage of usages) {
    if (!usage) continue;
    total = total
      ? {
          inputTokens: total.inputTokens + usage.inputTokens,
          outputTokens: total.outputTokens + usage.outputTokens,
          time: total.time + usage.time,
        }
      : { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, time: usage.time };
  }
  return total;
}
