import { Msg, Toolkit } from "@agentscope-ts/core";
import { DeterministicEmbeddingModel } from "@agentscope-ts/core/testing";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type Mem0TestServer,
  messagesOf,
  startMem0TestServer,
} from "../__fixtures__/mem0-test-server.js";
import { Mem0LongTermMemory } from "./mem0-long-term-memory.js";

let s: Mem0TestServer;

beforeEach(async () => {
  s = await startMem0TestServer();
});

afterEach(async () => {
  await s.server.close();
});

function memory(options: { agentName?: string; vectorStoreDir?: string } = {}) {
  return new Mem0LongTermMemory({
    userName: "alice",
    ...(options.agentName ? { agentName: options.agentName } : {}),
    model: s.model(),
    embeddingModel: new DeterministicEmbeddingModel({ dimensions: 256 }),
    onDisk: false,
    ...(options.vectorStoreDir
      ? {
          vectorStoreConfig: {
            provider: "memory",
            config: { collectionName: "memories", dbPath: options.vectorStoreDir },
          },
        }
      : {}),
  });
}

const text = (r: { content: { type: string; text?: string }[] }) =>
  r.content.map((b) => b.text).join("");

describe("record_to_memory and retrieve_from_memory", () => {
  it("expose the reference's parameters through asTools()", () => {
    const kit = new Toolkit();
    for (const t of memory().asTools()) kit.registerToolFunction(t);
    const schemas = kit.getJsonSchemas();
    const record = schemas.find((x) => x.function.name === "record_to_memory");
    const retrieve = schemas.find((x) => x.function.name === "retrieve_from_memory");
    expect(Object.keys(record?.function.parameters.properties ?? {})).toEqual([
      "thinking",
      "content",
    ]);
    expect(Object.keys(retrieve?.function.parameters.properties ?? {})).toEqual([
      "keywords",
      "limit",
    ]);
  });

  it("records thinking and content as a user message, then retrieves per keyword", async () => {
    const ltm = memory();
    s.extractions.push(["User's sister Mia lives in Oslo"]);
    const recorded = await ltm.recordToMemory("Worth keeping", [
      "Alice's sister Mia lives in Oslo",
    ]);
    expect(text(recorded)).toMatch(/^Successfully recorded content to memory \{"results":\[/);
    expect(text(recorded)).toContain("User's sister Mia lives in Oslo");
    expect(messagesOf(s.extractionCalls()[0]!)[1]!.content).toContain(
      "user: Worth keeping\nAlice's sister Mia lives in Oslo",
    );

    s.extractions.push(["User plays chess on Sundays"]);
    await ltm.recordToMemory("", ["Alice plays chess on Sundays"]);

    const found = await ltm.retrieveFromMemory(["Mia Oslo sister", "chess Sundays"], 1);
    expect(text(found)).toBe("User's sister Mia lives in Oslo\nUser plays chess on Sundays");
  });

  it("falls back to an assistant message, then to storing the text as it is", async () => {
    const ltm = memory({ agentName: "helper" });
    s.extractions.push([], []);
    const recorded = await ltm.recordToMemory("", ["The build takes 4 minutes"]);
    const calls = s.extractionCalls();
    expect(calls).toHaveLength(2);
    expect(messagesOf(calls[0]!)[1]!.content).toContain("user: The build takes 4 minutes");
    expect(messagesOf(calls[1]!)[1]!.content).toContain("assistant: The build takes 4 minutes");
    // Third try: no extraction, the content itself is the memory.
    expect(text(recorded)).toContain('"memory":"The build takes 4 minutes"');
    expect(text(await ltm.retrieveFromMemory(["build minutes"]))).toBe("The build takes 4 minutes");
  });

  it("turns a model answer without JSON into an error result, recording nothing", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const ltm = memory();
    s.extractions.push({ raw: "Sure! I noted that down." });
    const recorded = await ltm.recordToMemory("", ["Alice is allergic to nuts"]);
    expect(text(recorded)).toMatch(/^Error recording memory: .*without the JSON object/);
    expect(text(await ltm.retrieveFromMemory(["allergic nuts"]))).toBe("");

    s.extractions.push({ raw: "{not json" });
    const result = await ltm.record([new Msg("alice", "I am allergic to nuts.", "user")]);
    expect(result.results).toEqual([]);
    expect(result.error).toMatch(/^Error recording memory: /);
    s.extractions.push({ raw: "nope" });
    await expect(
      ltm.record([new Msg("alice", "again", "user")], { throwOnError: true }),
    ).rejects.toThrow(/LLM extraction failed: .*without the JSON object/);
    expect(s.extractions).toHaveLength(0);
    logged.mockRestore();
  });

  it("turns a store error into an error result and an error text", async () => {
    // A folder is not a database file: mem0's vector store fails to open (mem0 logs it too).
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const ltm = memory({ vectorStoreDir: "/" });
    const recorded = await ltm.recordToMemory("", ["anything"]);
    expect(text(recorded)).toMatch(/^Error recording memory: /);
    const found = await ltm.retrieveFromMemory(["anything"]);
    expect(text(found)).toMatch(/^Error retrieving memory: /);
    expect(await ltm.retrieve(new Msg("alice", "anything", "user"))).toMatch(
      /^Error retrieving memory: /,
    );
    await expect(
      ltm.retrieve(new Msg("alice", "anything", "user"), 5, { throwOnError: true }),
    ).rejects.toThrow(/unable to open database file/);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
