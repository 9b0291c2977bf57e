import { afterEach, describe, expect, it, vi } from "vitest";
import { ModelError } from "../errors/model-error.js";
import { makeAgent, PlainFormatter, promptText } from "../integration/__fixtures__/react-kit.js";
import { setLogger } from "../logging/logger.js";
import { LongTermMemoryBase } from "../memory/long-term-memory-base.js";
import { Msg } from "../message/msg.js";
import { createDocument, type Document } from "../rag/document.js";
import { KnowledgeBase } from "../rag/knowledge-base.js";
import { captureLogs } from "../testing/capture-logs.js";
import { RecordingTracer } from "../testing/recording-tracer.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { scriptedText, scriptedToolCall } from "../testing/scripted-steps.js";
import { type ToolResponse, toolResponse } from "../tool/tool-response.js";
import { setTracer } from "../tracing/global-tracer.js";
import { ReActAgent } from "./react-agent.js";
import { REWRITE_QUERY_HINT } from "./react-agent-hints.js";

/** A long-term memory keeping texts in a list; retrieval returns the texts sharing a word. */
class ListLongTermMemory extends LongTermMemoryBase {
  records: string[] = [];
  retrieved: (Msg | Msg[] | null)[] = [];
  recordedBatches: string[][] = [];

  override async record(msgs: (Msg | null)[]): Promise<void> {
    const texts = msgs.map((m) => m?.getTextContent() ?? "").filter(Boolean);
    this.recordedBatches.push(texts);
  }

  override async retrieve(msg: Msg | Msg[] | null): Promise<string> {
    this.retrieved.push(msg);
    const words = new Set(
      (Array.isArray(msg) ? msg : msg ? [msg] : [])
        .flatMap((m) => (m.getTextContent() ?? "").toLowerCase().split(/\W+/))
        .filter((w) => w.length > 3),
    );
    return this.records
      .filter((r) =>
        r
          .toLowerCase()
          .split(/\W+/)
          .some((w) => words.has(w)),
      )
      .join("\n");
  }

  override async recordToMemory(_thinking: string, content: string[]): Promise<ToolResponse> {
    this.records.push(...content);
    return toolResponse(`Recorded ${content.length} item(s).`);
  }

  override async retrieveFromMemory(keywords: string[]): Promise<ToolResponse> {
    const hits = this.records.filter((r) => keywords.some((k) => r.includes(k)));
    return toolResponse(hits.join("\n") || "Nothing found.");
  }
}

/** A knowledge base returning fixed documents and remembering the queries. */
class FixedKnowledge extends KnowledgeBase {
  queries: string[] = [];
  constructor(readonly docs: Document[]) {
    super();
  }
  async addDocuments(documents: Document[]): Promise<void> {
    this.docs.push(...documents);
  }
  async retrieve(query: string): Promise<Document[]> {
    this.queries.push(query);
    return this.docs.map((d) => ({ ...d }));
  }
}

const doc = (text: string, score: number) =>
  createDocument(
    { content: { type: "text", text }, doc_id: text, chunk_id: 0, total_chunks: 1 },
    { score },
  );

const user = (text: string) => new Msg("user", text, "user");

afterEach(() => {
  setLogger(null, { level: "info" });
  vi.restoreAllMocks();
  setTracer(undefined);
});

describe("ReActAgent long-term memory", () => {
  it("static_control retrieves before the reply and records after it, without tools", async () => {
    const ltm = new ListLongTermMemory();
    ltm.records.push("Alice likes green tea.");
    const { agent, model } = makeAgent([scriptedText("Green tea, then.")], {
      longTermMemory: ltm,
      longTermMemoryMode: "static_control",
    });
    expect(agent.toolkit.tools.size).toBe(0);
    await agent.call(user("What does Alice like to drink?"));

    const memory = await agent.memory.getMemory();
    expect(memory[1]?.name).toBe("long_term_memory");
    expect(memory[1]?.role).toBe("user");
    expect(memory[1]?.getTextContent()).toBe(
      "<long_term_memory>The content below are retrieved from long-term memory, which maybe useful:\nAlice likes green tea.</long_term_memory>",
    );
    expect(promptText(model.calls[0]?.messages ?? [])).toContain("Alice likes green tea.");
    expect(ltm.recordedBatches).toEqual([
      ["What does Alice like to drink?", memory[1]?.getTextContent(), "Green tea, then."],
    ]);
  });

  it("adds nothing when the long-term memory retrieves nothing", async () => {
    const ltm = new ListLongTermMemory();
    const { agent } = makeAgent([scriptedText("Hi.")], {
      longTermMemory: ltm,
      longTermMemoryMode: "static_control",
    });
    await agent.call(user("Hello there"));
    expect((await agent.memory.getMemory()).map((m) => m.name)).toEqual(["user", "Friday"]);
  });

  it("agent_control registers the memory tools the model can call", async () => {
    const ltm = new ListLongTermMemory();
    const { agent, model } = makeAgent(
      [
        scriptedToolCall("record_to_memory", { thinking: "useful", content: ["Bob is vegan."] }),
        scriptedText("Noted."),
      ],
      { longTermMemory: ltm, longTermMemoryMode: "agent_control" },
    );
    await agent.call(user("Remember: Bob is vegan."));
    expect(model.calls[0]?.options.tools?.map((t) => t.function.name)).toEqual([
      "record_to_memory",
      "retrieve_from_memory",
    ]);
    expect(ltm.records).toEqual(["Bob is vegan."]);
    expect(ltm.retrieved).toEqual([]);
    expect(ltm.recordedBatches).toEqual([]);
  });

  it("both (the default) registers the tools and retrieves/records around the reply", async () => {
    const ltm = new ListLongTermMemory();
    const { agent } = makeAgent([scriptedText("Ok.")], { longTermMemory: ltm });
    expect([...agent.toolkit.tools.keys()]).toEqual(["record_to_memory", "retrieve_from_memory"]);
    await agent.call(user("hello"));
    expect(ltm.retrieved).toHaveLength(1);
    expect(ltm.recordedBatches).toHaveLength(1);
    expect(agent.stateDict()).toHaveProperty("long_term_memory");
  });
});

/** A long-term memory whose backend is unreachable: every call rejects. */
class DownLongTermMemory extends ListLongTermMemory {
  override async record(): Promise<void> {
    throw new TypeError("fetch failed: connect ECONNREFUSED 127.0.0.1:6333");
  }
  override async retrieve(): Promise<string> {
    throw new TypeError("fetch failed: connect ECONNREFUSED 127.0.0.1:6333");
  }
  override async recordToMemory(): Promise<ToolResponse> {
    throw new TypeError("fetch failed: connect ECONNREFUSED 127.0.0.1:6333");
  }
}

describe("ReActAgent with a failing long-term memory", () => {
  it.each(["static_control", "both"] as const)(
    "%s: the reply goes on, with a warning logged and emitted for retrieve and record",
    async (mode) => {
      const logs = captureLogs();
      const { agent, model } = makeAgent([scriptedText("Still here.")], {
        longTermMemory: new DownLongTermMemory(),
        longTermMemoryMode: mode,
      });
      const events = [];
      for await (const event of agent.stream(user("What does Alice like?"))) events.push(event);

      const types = events.map((e) => e.type).filter((t) => t !== "model_chunk");
      expect(types).toEqual(["reply_start", "warning", "warning", "reply"]);
      const warnings = events.filter((e) => e.type === "warning");
      expect(warnings.map((w) => w.source)).toEqual([
        "long_term_memory.retrieve",
        "long_term_memory.record",
      ]);
      expect(warnings[0]?.error).toBeInstanceOf(TypeError);
      expect(warnings[1]?.message).toContain("ECONNREFUSED");
      expect(logs.messages("warn")).toHaveLength(2);
      expect(logs.messages("warn")[0]).toContain("long-term memory retrieve");
      const reply = events.at(-1);
      expect(reply?.type === "reply" && reply.msg.getTextContent()).toBe("Still here.");
      expect(events.findIndex((e) => e.type === "model_chunk")).toBe(2);
      expect(model.calls).toHaveLength(1);
      expect((await agent.memory.getMemory()).map((m) => m.name)).toEqual(["user", "Friday"]);
    },
  );

  it.each(["static_control", "both"] as const)(
    "%s: each failure is on its own long_term_memory span, the agent span stays OK",
    async (mode) => {
      captureLogs("error");
      const tracer = new RecordingTracer();
      setTracer(tracer);
      const { agent } = makeAgent([scriptedText("Still here.")], {
        longTermMemory: new DownLongTermMemory(),
        longTermMemoryMode: mode,
      });
      await agent.call(user("What does Alice like?"));
      expect(tracer.spans.map((s) => [s.kind, s.name])).toEqual([
        ["agent", "invoke_agent Friday"],
        ["memory", "long_term_memory.retrieve"],
        ["formatter", "format unknown"],
        ["model", "chat scripted-model"],
        ["memory", "long_term_memory.record"],
      ]);
      const memorySpans = tracer.spans.filter((s) => s.kind === "memory");
      for (const span of memorySpans) {
        expect(span.errors).toHaveLength(1);
        expect(span.errors[0]).toBeInstanceOf(TypeError);
        expect(span.ended).toBe(true);
        expect(span.attributes["gen_ai.agent.name"]).toBe("Friday");
      }
      expect(memorySpans[0]?.attributes["agentscope.function.name"]).toBe(
        "DownLongTermMemory.retrieve",
      );
      expect(tracer.spans[0]?.errors).toEqual([]);
    },
  );

  it("traces a working long-term memory too, without errors", async () => {
    const tracer = new RecordingTracer();
    setTracer(tracer);
    const { agent } = makeAgent([scriptedText("Ok.")], {
      longTermMemory: new ListLongTermMemory(),
      longTermMemoryMode: "static_control",
    });
    await agent.call(user("hello"));
    const memorySpans = tracer.spans.filter((s) => s.kind === "memory");
    expect(memorySpans.map((s) => [s.name, s.errors.length, s.ended])).toEqual([
      ["long_term_memory.retrieve", 0, true],
      ["long_term_memory.record", 0, true],
    ]);
  });

  it("agent_control: a failing memory tool is an error result, a warning and a failed tool span", async () => {
    const logs = captureLogs();
    const tracer = new RecordingTracer();
    setTracer(tracer);
    const { agent } = makeAgent(
      [
        scriptedToolCall("record_to_memory", { thinking: "useful", content: ["Bob is vegan."] }),
        scriptedText("I could not save it, but noted."),
      ],
      { longTermMemory: new DownLongTermMemory(), longTermMemoryMode: "agent_control" },
    );
    const events = [];
    for await (const event of agent.stream(user("Remember: Bob is vegan."))) events.push(event);

    const reply = events.at(-1);
    expect(reply?.type === "reply" && reply.msg.getTextContent()).toBe(
      "I could not save it, but noted.",
    );
    const warnings = events.filter((e) => e.type === "warning");
    expect(warnings.map((w) => w.source)).toEqual(["long_term_memory.record_to_memory"]);
    expect(warnings[0]?.error).toBeInstanceOf(TypeError);
    expect(logs.messages("warn")).toHaveLength(1);
    const result = (await agent.memory.getMemory())[2]?.getContentBlocks("tool_result")[0];
    expect(JSON.stringify(result?.output)).toContain("ECONNREFUSED");
    const toolSpan = tracer.spans.find((s) => s.name === "execute_tool record_to_memory");
    expect(toolSpan?.errors).toHaveLength(1);
    expect(String((toolSpan?.errors[0] as Error | undefined)?.message)).toContain("ECONNREFUSED");
    expect(tracer.spans[0]?.errors).toEqual([]);
  });

  it("call() resolves with the reply too", async () => {
    captureLogs("error");
    const { agent } = makeAgent([scriptedText("Ok.")], {
      longTermMemory: new DownLongTermMemory(),
      longTermMemoryMode: "static_control",
    });
    const reply = await agent.call(user("hello"));
    expect(reply.getTextContent()).toBe("Ok.");
  });
});

describe("ReActAgent knowledge retrieval", () => {
  it("rewrites the query through the model, then adds the documents sorted by score", async () => {
    const kb1 = new FixedKnowledge([doc("Alice was born in May.", 0.4)]);
    const kb2 = new FixedKnowledge([doc("Alice's birthday is May 3.", 0.9), doc("Unscored.", 0)]);
    const { agent, model } = makeAgent(
      [
        {
          metadata: { rewritten_query: "Alice birthday" },
          usage: { inputTokens: 5, outputTokens: 2 },
        },
        scriptedText("May 3.", { usage: { inputTokens: 7, outputTokens: 1 } }),
      ],
      { knowledge: [kb1, kb2] },
    );
    const reply = await agent.call(user("When is her birthday?"));

    expect(kb1.queries).toEqual(["Alice birthday"]);
    expect(kb2.queries).toEqual(["Alice birthday"]);
    const rewrite = model.calls[0];
    expect(rewrite?.options.structuredModel).toBeDefined();
    expect(rewrite?.messages.at(-1)).toEqual({
      role: "user",
      name: "user",
      content: REWRITE_QUERY_HINT,
    });

    const retrieved = (await agent.memory.getMemory())[1];
    expect(retrieved?.role).toBe("user");
    expect(retrieved?.content).toEqual([
      {
        type: "text",
        text: "<retrieved_knowledge>Use the following content from the knowledge base(s) if it's helpful:\n",
      },
      { type: "text", text: "Alice's birthday is May 3." },
      { type: "text", text: "Alice was born in May." },
      { type: "text", text: "Unscored." },
      { type: "text", text: "</retrieved_knowledge>" },
    ]);
    expect(promptText(model.calls[1]?.messages ?? [])).toContain("Alice's birthday is May 3.");
    expect(reply.usage).toMatchObject({ inputTokens: 12, outputTokens: 3 });
  });

  it("queries with the input text itself when rewriting is off", async () => {
    const kb = new FixedKnowledge([doc("Paris is in France.", 1)]);
    const { agent, model } = makeAgent([scriptedText("France.")], {
      knowledge: kb,
      enableRewriteQuery: false,
    });
    await agent.call([user("Where is Paris?"), user("Answer briefly.")]);
    expect(kb.queries).toEqual(["Where is Paris?\nAnswer briefly."]);
    expect(model.calls).toHaveLength(1);
  });

  it("falls back to the original query when the rewrite fails", async () => {
    const logs = captureLogs();
    const kb = new FixedKnowledge([]);
    const { agent } = makeAgent(
      [
        new ModelError("bad request", { status: 400, provider: "scripted" }),
        scriptedText("Sorry."),
      ],
      { knowledge: kb },
    );
    const reply = await agent.call(user("Who am I?"));
    expect(reply.getTextContent()).toBe("Sorry.");
    expect(kb.queries).toEqual(["Who am I?"]);
    expect(logs.messages("warn")).toEqual([
      expect.stringContaining("Skipping the query rewriting"),
    ]);
    // No documents: nothing added besides the input and the reply.
    expect(await agent.memory.size()).toBe(2);
  });
});

describe("ReActAgent retrieval and recording overrides", () => {
  it("calls an overriding subclass's retrieve and record steps without a long-term memory or knowledge", async () => {
    const calls: string[] = [];
    class RecallingAgent extends ReActAgent {
      protected override async retrieveFromLongTermMemory(msg: Msg | Msg[] | null): Promise<void> {
        calls.push(`ltm ${(msg as Msg).getTextContent()}`);
        await this.memory.add(new Msg("user", "<recalled>fact</recalled>", "user"));
      }
      protected override async retrieveFromKnowledge(msg: Msg | Msg[] | null): Promise<void> {
        calls.push(`knowledge ${(msg as Msg).getTextContent()}`);
      }
      protected override async recordToLongTermMemory(): Promise<void> {
        calls.push(`record ${(await this.memory.size()).toString()}`);
      }
    }
    const model = new ScriptedChatModel({ script: [scriptedText("ok")] });
    const agent = new RecallingAgent({
      name: "Friday",
      sysPrompt: "Be brief.",
      model,
      formatter: new PlainFormatter(),
    });
    agent.setConsoleOutputEnabled(false);
    await agent.call(new Msg("user", "hi", "user"));
    // user, recalled fact, answer: recorded after the reply, retrieved before the model saw it.
    expect(calls).toEqual(["ltm hi", "knowledge hi", "record 3"]);
    expect(promptText(model.calls[0]?.messages ?? [])).toContain("<recalled>fact</recalled>");
  });
});
