import type { ToolResultBlock, ToolUseBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import type { Document } from "../rag/document.js";

// The texts ReActAgent adds to the conversation, exactly as AgentScope v1.0.21 writes them.

/** The name of the tool the model calls to give structured output. */
export const FINISH_FUNCTION_NAME = "generate_response";

/** The user message asking for a summarising answer once `maxIters` is reached. */
export const SUMMARIZING_HINT =
  "You have failed to generate response within the maximum iterations. Now respond directly by summarizing the current situation.";

/** The hint asking for a text answer once the structured output was generated. */
export const GENERATE_TEXT_HINT =
  "<system-hint>Now generate a text response based on your current situation</system-hint>";

/** The hint reminding the model that structured output is still required. */
export const STRUCTURED_OUTPUT_REQUIRED_HINT = `<system-hint>Structured output is required, go on to finish your task or call '${FINISH_FUNCTION_NAME}' to generate the required structured output.</system-hint>`;

/** The hint asking the model to rewrite the query for knowledge retrieval. */
export const REWRITE_QUERY_HINT =
  "<system-hint>Now you need to rewrite the above user query to be more specific and concise for knowledge retrieval. For example, rewrite the query 'what happened last day' to 'what happened on 2023-10-01' (assuming today is 2023-10-02).</system-hint>";

/** The answer to an interrupted reply. */
export const INTERRUPTED_REPLY_TEXT =
  "I noticed that you have interrupted me. What can I do for you?";

/** The result recorded for each tool call the interruption of reasoning left pending. */
export const FAKE_INTERRUPTED_TOOL_RESULT = "The tool call has been interrupted by the user.";

/** A user message with `text` (AgentScope builds its hints as `Msg("user", text, "user")`). */
export function userHint(text: string): Msg {
  return new Msg("user", text, "user");
}

/** The message carrying what the long-term memory retrieved. */
export function longTermMemoryMsg(retrieved: string): Msg {
  return new Msg(
    "long_term_memory",
    `<long_term_memory>The content below are retrieved from long-term memory, which maybe useful:\n${retrieved}</long_term_memory>`,
    "user",
  );
}

/** The message carrying the retrieved documents (already sorted best first). */
export function retrievedKnowledgeMsg(docs: readonly Document[]): Msg {
  return new Msg(
    "user",
    [
      {
        type: "text",
        text: "<retrieved_knowledge>Use the following content from the knowledge base(s) if it's helpful:\n",
      },
      ...docs.map((doc) => doc.metadata.content),
      { type: "text", text: "</retrieved_knowledge>" },
    ],
    "user",
  );
}

/** The query for knowledge retrieval: the input's text (texts of several messages, one per line). */
export function knowledgeQuery(msg: Msg | Msg[] | null | undefined): string | null {
  if (!msg) return null;
  if (!Array.isArray(msg)) return msg.getTextContent();
  const texts: string[] = [];
  for (const m of msg) {
    const text = m.getTextContent();
    if (text) texts.push(text);
  }
  return texts.join("\n");
}

/** Documents sorted by score, best first (a missing score counts as 0; ties keep their order). */
export function sortByScore(docs: Document[]): Document[] {
  return docs.sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
}

/** The system message recording that `toolCall` was interrupted before it ran. */
export function fakeInterruptedToolResult(toolCall: ToolUseBlock): Msg {
  const block: ToolResultBlock = {
    type: "tool_result",
    id: toolCall.id,
    name: toolCall.name,
    output: FAKE_INTERRUPTED_TOOL_RESULT,
  };
  return new Msg("system", [block], "system");
}
