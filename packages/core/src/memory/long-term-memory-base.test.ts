import { describe, expect, it } from "vitest";
import { AgentScopeError } from "../errors/agentscope-error.js";
import { Msg } from "../message/msg.js";
import { validateJsonSchema } from "../tool/json-schema-validator.js";
import type { JsonSchemaObject, ToolContext, ToolDefinition } from "../tool/tool-definition.js";
import { type ToolResponse, toolResponse } from "../tool/tool-response.js";
import { LongTermMemoryBase } from "./long-term-memory-base.js";

/** A small keyword-matching long-term memory, to show how a backend plugs in. */
class KeywordLongTermMemory extends LongTermMemoryBase {
  records: string[] = [];

  constructor() {
    super();
    this.registerState("records");
  }

  override async record(msgs: (Msg | null)[]): Promise<void> {
    for (const msg of msgs) {
      const text = msg?.getTextContent();
      if (text) this.records.push(text);
    }
  }

  override async retrieve(msg: Msg | Msg[] | null, limit = 5): Promise<string> {
    const list = msg === null ? [] : Array.isArray(msg) ? msg : [msg];
    const words = list.flatMap((m) => (m.getTextContent() ?? "").toLowerCase().split(/\W+/));
    return this.#search(
      words.filter((w) => w.length > 3),
      limit,
    ).join("\n");
  }

  override async recordToMemory(thinking: string, content: string[]): Promise<ToolResponse> {
    void thinking;
    this.records.push(...content);
    return toolResponse(`Successfully recorded ${content.length} item(s).`);
  }

  override async retrieveFromMemory(keywords: string[], limit = 5): Promise<ToolResponse> {
    const found = this.#search(
      keywords.map((k) => k.toLowerCase()),
      limit,
    );
    return toolResponse(found.length ? found.join("\n") : "No memories found.");
  }

  #search(keywords: string[], limit: number): string[] {
    const out = new Set<string>();
    for (const keyword of keywords) {
      let n = 0;
      for (const record of this.records) {
        if (n >= limit) break;
        if (record.toLowerCase().includes(keyword)) {
          out.add(record);
          n++;
        }
      }
    }
    return [...out];
  }
}

const context: ToolContext = { signal: new AbortController().signal, toolCallId: "call_1" };

async function run(tool: ToolDefinition, input: unknown): Promise<ToolResponse> {
  const issues = validateJsonSchema(tool.parameters as JsonSchemaObject, input);
  if (issues.length > 0) throw new Error(`bad input: ${JSON.stringify(issues)}`);
  const result = await tool.execute(input as Record<string, unknown>, context);
  if (typeof result === "string" || Symbol.asyncIterator in result) {
    throw new Error("expected a single ToolResponse");
  }
  return result;
}

const textOf = (res: ToolResponse) => res.content.map((b) => (b.type === "text" ? b.text : ""));

describe("LongTermMemoryBase tools", () => {
  it("exposes record_to_memory and retrieve_from_memory with AgentScope's schemas", () => {
    const [record, retrieve] = new KeywordLongTermMemory().asTools();
    expect(record?.name).toBe("record_to_memory");
    expect(record?.description).toMatch(/^Use this function to record important information/);
    expect(retrieve?.name).toBe("retrieve_from_memory");
    expect(retrieve?.description).toBe("Retrieve the memory based on the given keywords.");

    const recordSchema = record?.parameters;
    expect(recordSchema).toMatchObject({
      type: "object",
      properties: {
        thinking: {
          type: "string",
          description: "Your thinking and reasoning about what to record",
        },
        content: { type: "array", items: { type: "string" } },
      },
      required: ["thinking", "content"],
    });
    const retrieveSchema = retrieve?.parameters;
    expect(retrieveSchema).toMatchObject({
      properties: { keywords: { type: "array" }, limit: { type: "integer", default: 5 } },
      required: ["keywords"],
    });
  });

  it("records through one tool and retrieves through the other", async () => {
    const memory = new KeywordLongTermMemory();
    const [record, retrieve] = memory.asTools() as [ToolDefinition, ToolDefinition];

    const recorded = await run(record, {
      thinking: "The user told me facts about themselves.",
      content: ["Alice lives in Paris", "Alice's birthday is 3 May", "Bob likes tea"],
    });
    expect(textOf(recorded)).toEqual(["Successfully recorded 3 item(s)."]);
    expect(recorded.isLast).toBe(true);

    const found = await run(retrieve, { keywords: ["alice"] });
    expect(textOf(found)).toEqual(["Alice lives in Paris\nAlice's birthday is 3 May"]);

    const limited = await run(retrieve, { keywords: ["alice", "tea"], limit: 1 });
    expect(textOf(limited)).toEqual(["Alice lives in Paris\nBob likes tea"]);

    expect(textOf(await run(retrieve, { keywords: ["zebra"] }))).toEqual(["No memories found."]);
  });

  it("rejects tool input that does not match the schema", () => {
    const [record, retrieve] = new KeywordLongTermMemory().asTools() as [
      ToolDefinition,
      ToolDefinition,
    ];
    const check = (tool: ToolDefinition, input: unknown) =>
      validateJsonSchema(tool.parameters as JsonSchemaObject, input);
    expect(check(record, { thinking: "x", content: "not a list" })).toEqual([
      { path: "content", message: "expected array, received string" },
    ]);
    expect(check(retrieve, { keywords: ["a"], limit: 1.5 })).toEqual([
      { path: "limit", message: "expected integer, received number" },
    ]);
  });

  it("supports the developer-facing record/retrieve and saves its state", async () => {
    const memory = new KeywordLongTermMemory();
    await memory.record([new Msg("user", "My favourite colour is green", "user"), null]);
    expect(await memory.retrieve(new Msg("user", "what colour do I like?", "user"))).toBe(
      "My favourite colour is green",
    );

    const copy = new KeywordLongTermMemory();
    copy.loadStateDict(JSON.parse(JSON.stringify(memory.stateDict())));
    expect(copy.records).toEqual(["My favourite colour is green"]);
  });

  it("throws a clear error for methods a backend does not implement", async () => {
    class RecordOnly extends LongTermMemoryBase {}
    const memory = new RecordOnly();
    await expect(memory.retrieve(null)).rejects.toThrow(AgentScopeError);
    await expect(memory.recordToMemory("t", ["x"])).rejects.toThrow(
      /`record_to_memory` method is not implemented/,
    );
    const [, retrieve] = memory.asTools() as [ToolDefinition, ToolDefinition];
    await expect(run(retrieve, { keywords: ["a"] })).rejects.toThrow(
      /`retrieve_from_memory` method is not implemented/,
    );
  });
});
