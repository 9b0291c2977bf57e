/**
 * Prepares formatted provider messages (OpenAI-style) for a chat template. Text templates
 * (Qwen, Llama, DeepSeek) expect `content` to be a string: they call `content.startswith(...)`
 * or `content | trim`, which fail or print a list's repr on OpenAI's list of parts. So, as
 * vLLM and SGLang do when they render an OpenAI request, a content list of only text parts
 * becomes its texts joined with "\n", and a missing/null content becomes "". Lists holding
 * media stay as they are, for multimodal templates. Written here because no library does it.
 */
export function toTemplateMessages(
  messages: readonly Record<string, unknown>[],
): Record<string, unknown>[] {
  return messages.map((message) => {
    const content = message.content;
    if (content === undefined || content === null) return { ...message, content: "" };
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
