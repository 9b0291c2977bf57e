import type { Message } from "@huggingface/transformers";

/**
 * A formatted provider message as a chat template reads it (OpenAI-style: the output of the
 * OpenAI, DashScope, Ollama or llama.cpp formatters): a role and a content. Wider than
 * transformers.js's `Message` (content a string or `{type, …}` parts), as the templates take more:
 * a missing or `null` content (an assistant message that only calls tools; DeepSeek's template
 * tests for it), parts without `type` (DashScope's `{text}`, `{image}`), and the other keys of the
 * message (`tool_calls`, `tool_call_id`, `name`, `reasoning_content`…), which reach the template
 * as they are.
 */
export interface ChatTemplateMessage {
  role: Message["role"];
  content?: string | readonly object[] | null;
}

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
  messages: readonly ChatTemplateMessage[],
  nullContent: NullContent = "keep",
): ChatTemplateMessage[] {
  return messages.map((message) => {
    const content = message.content;
    if (content === undefined || content === null) {
      return nullContent === "empty" ? { ...message, content: "" } : message;
    }
    if (typeof content === "string") return message;
    const texts: string[] = [];
    for (const part of content) {
      const p: { type?: unknown; text?: unknown } | string = part;
      if (typeof p === "string") texts.push(p);
      else if (p.type === "text" && typeof p.text === "string") texts.push(p.text);
      else return message;
    }
    return { ...message, content: texts.join("\n") };
  });
}

/**
 * The messages as transformers.js's `apply_chat_template` is typed to take them: the one place
 * where {@link ChatTemplateMessage}s meet its `Message` type. The template receives every message
 * as it is (transformers.js hands the list to the Jinja renderer unchanged), so the wider forms
 * documented on `ChatTemplateMessage` are passed on; the assertion claims the library's narrower
 * type for them and is the package's only one on the path to the tokenizer.
 */
export function asTransformersConversation(messages: ChatTemplateMessage[]): Message[] {
  return messages as Message[];
}

/** Whether a message has no content or `null` content (what `nullContent` decides about). */
export function hasNullContent(messages: readonly ChatTemplateMessage[]): boolean {
  return messages.some((m) => m.content === undefined || m.content === null);
}
