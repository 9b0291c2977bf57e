import { AgentScopeError } from "../errors/agentscope-error.js";
import type { Msg } from "../message/msg.js";
import { StateModule } from "../state/state-module.js";
import type { JsonSchemaObject, ToolDefinition } from "../tool/tool-definition.js";
import type { ToolResponse } from "../tool/tool-response.js";

// The tools' parameters as JSON Schema literals (no zod at import): exactly what zod generated
// before (src/tool/builtin-tool-schemas.test.ts); `@agentscope-ts/core/zod` keeps the zod schemas.

const recordToMemoryJson: JsonSchemaObject = {
  type: "object",
  properties: {
    thinking: { type: "string", description: "Your thinking and reasoning about what to record" },
    content: {
      type: "array",
      items: { type: "string" },
      description: "The content to remember, which is a list of strings.",
    },
  },
  required: ["thinking", "content"],
};

const retrieveFromMemoryJson: JsonSchemaObject = {
  type: "object",
  properties: {
    keywords: {
      type: "array",
      items: { type: "string" },
      description:
        "The keywords to search for in the memory, which should be\nspecific and concise, e.g. the person's name, the date, the\nlocation, etc.",
    },
    limit: {
      default: 5,
      description:
        "The maximum number of memories to retrieve per search, i.e.,\nthe number of memories to retrieve for each keyword. Defaults\nto 5.",
      type: "integer",
    },
  },
  required: ["keywords"],
};

const notImplemented = (method: string, hint: string) =>
  new AgentScopeError(`The \`${method}\` method is not implemented. ${hint}`);

/**
 * The base class of long-term memories (a time-series store of what an agent should remember
 * across conversations): AgentScope's `LongTermMemoryBase`. Backends implement:
 *
 * - `record` / `retrieve`, used by developers and by the ReAct agent in `static_control` mode
 *   (retrieve at the start of each reply, record at its end);
 * - `recordToMemory` / `retrieveFromMemory`, the tool functions the agent calls itself in
 *   `agent_control` mode; {@link LongTermMemoryBase.asTools} exposes them as tools.
 *
 * Every method is optional: the defaults throw a "not implemented" error.
 */
export abstract class LongTermMemoryBase extends StateModule {
  /** Records the information in the given messages (developer-facing). */
  async record(msgs: (Msg | null)[]): Promise<unknown> {
    void msgs;
    throw notImplemented("record", "Implement it in your long-term memory class.");
  }

  /**
   * Retrieves what is relevant to the given message(s), as text to add to the agent's context
   * (developer-facing). `limit` bounds the number of memories retrieved.
   */
  async retrieve(msg: Msg | Msg[] | null, limit = 5): Promise<string> {
    void msg;
    void limit;
    throw notImplemented("retrieve", "Implement it in your long-term memory class.");
  }

  /**
   * The `record_to_memory` tool: records important information the agent may need later.
   * `content` is the list of things to remember.
   */
  async recordToMemory(thinking: string, content: string[]): Promise<ToolResponse> {
    void thinking;
    void content;
    throw notImplemented(
      "record_to_memory",
      "You can implement it in your own long-term memory class.",
    );
  }

  /** The `retrieve_from_memory` tool: retrieves up to `limit` memories for each keyword. */
  async retrieveFromMemory(keywords: string[], limit = 5): Promise<ToolResponse> {
    void keywords;
    void limit;
    throw notImplemented(
      "retrieve_from_memory",
      "You can implement it in your own long-term memory class.",
    );
  }

  /**
   * The agent-facing tools `record_to_memory` and `retrieve_from_memory`, bound to this memory,
   * for a Toolkit (the ReAct agent registers them in `agent_control` mode).
   */
  asTools(): ToolDefinition[] {
    const record: ToolDefinition<{ thinking: string; content: string[] }> = {
      name: "record_to_memory",
      description:
        "Use this function to record important information that you may\nneed later. The target content should be specific and concise, e.g.\nwho, when, where, do what, why, how, etc.",
      parameters: recordToMemoryJson,
      execute: (input) => this.recordToMemory(input.thinking, input.content),
    };
    const retrieve: ToolDefinition<{ keywords: string[]; limit?: number }> = {
      name: "retrieve_from_memory",
      description: "Retrieve the memory based on the given keywords.",
      parameters: retrieveFromMemoryJson,
      execute: (input) => this.retrieveFromMemory(input.keywords, input.limit ?? 5),
    };
    return [record, retrieve] as ToolDefinition[];
  }
}
