import type { ResponseReasoningItem } from "openai/resources/responses/responses";

/**
 * A reasoning item of the Responses API as a thinking block remembers it: its `id`, and its
 * `encrypted_content` when the request asked for it (`include: ["reasoning.encrypted_content"]`,
 * needed with `store: false`, e.g. under zero data retention).
 */
export interface ReasoningItemRef {
  id: string;
  encrypted_content?: string;
}

/** The key of a thinking block under which {@link OpenAIResponseModel} keeps its reasoning items. */
export const REASONING_ITEMS_KEY = "reasoning_items";

/**
 * The `reasoning` input items that send a thinking block back to the Responses API: one per item
 * the block remembers, with an empty summary (the model continues from the stored or encrypted
 * reasoning, not from its summary). Empty when the block did not come from the Responses API.
 */
export function reasoningInputItems(block: object): ResponseReasoningItem[] {
  const refs: unknown = (block as { [REASONING_ITEMS_KEY]?: unknown })[REASONING_ITEMS_KEY];
  if (!Array.isArray(refs)) return [];
  const items: ResponseReasoningItem[] = [];
  for (const ref of refs) {
    const { id, encrypted_content } = (ref ?? {}) as Partial<ReasoningItemRef>;
    if (typeof id !== "string" || !id) continue;
    items.push({
      type: "reasoning",
      id,
      summary: [],
      ...(typeof encrypted_content === "string" ? { encrypted_content } : {}),
    });
  }
  return items;
}
