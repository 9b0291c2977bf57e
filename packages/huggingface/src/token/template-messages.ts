/** How {@link toTemplateMessages} writes a missing or `null` content. */
export type NullContent = "keep" | "empty";

/**
 * Prepares formatted provider messages (OpenAI-style) for a chat template. Text templates
 * (Qwen, Llama, DeepSeek) expect `content` to be a string: they call `content.startswith(...)`
 * or `content | trim`, which fail or print a list's repr on OpenAI's list of parts. So, as
 * vLLM and SGLang do when they render an OpenAI request, a content list of only text parts
 * becomes its texts joined with "\n". Lists holding media stay as they are, for multimodal
 * templates. A `null` content (an assistant message with only tool calls) is kept by default,
 * since some templates test for it (DeepSeek's `content is none`), or becomes "" with
 * `nullContent: "empty"` for templates that need a string (Qwen's). Written here because no
 * library does it.
 */
export function toTemplateMessages(
  messages: readonly Record<string, unknown>[],
  nullContent: NullContent = "keep",
): Record<string, unknown>[] {
  return messages.map((message) => {
    const content = message.content;
    if (content === undefined || content === null) {
      return nullContent === "empty" ? { ...message, content: "" } : message;
    }
    if (!Array.isArray(content)) return message;
    const texts: string[] = [];
    for (const part of content) {
      const p = part as { type?: unknown; text?: unknown } | null;
      if (typeof part === "string") texts.push(part);
      else if (p?.type === "text" && typeof p.text === "string") texts.push(p.text);
      else return message;
    }
    return { ...message, content: texts.join("\n") };
  });
}

/** Whether a message has no content or `null` content (what `nullContent` decides about). */
export function hasNullContent(messages: readonly Record<string, unknown>[]): boolean {
  return messages.some((m) => m.content === undefined || m.content === null);
}
