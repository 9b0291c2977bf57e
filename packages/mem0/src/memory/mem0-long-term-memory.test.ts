import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Msg } from "@agentscope-ts/core";
import { DeterministicEmbeddingModel } from "@agentscope-ts/core/testing";
import type { Memory } from "mem0ai/oss";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type Mem0TestServer,
  messagesOf,
  startMem0TestServer,
} from "../__fixtures__/mem0-test-server.js";
import { Mem0LongTermMemory } from "./mem0-long-term-memory.js";

let s: Mem0TestServer;
let dir: string;

beforeEach(async () => {
  s = await startMem0TestServer();
  dir = mkdtempSync(join(tmpdir(), "agentscope-mem0-"));
});

afterEach(async () => {
  await s.server.close();
  rmSync(dir, { recursive: true, force: true });
});

const embedding = () => new DeterministicEmbeddingModel({ dimensions: 256 });

function memoryFor(
  userName = "alice",
  extra: Partial<ConstructorParameters<typeof Mem0LongTermMemory>[0]> = {},
) {
  return new Mem0LongTermMemory({
    userName,
    model: s.model(),
    embeddingModel: embedding(),
    storageDir: dir,
    ...extra,
  });
}

describe("Mem0LongTermMemory on mem0's in-process Memory", () => {
  it("records two conversations and retrieves the fact related to a query", async () => {
    const ltm = memoryFor();
    s.extractions.push(["User lives in Paris", "User works as a nurse"]);
    const first = await ltm.record([
      new Msg("alice", "I live in Paris and I work as a nurse.", "user"),
      new Msg("assistant", "Nice to meet you!", "assistant"),
    ]);
    expect(first.error).toBeUndefined();
    expect(first.results.map((r) => r.memory)).toEqual([
      "User lives in Paris",
      "User works as a nurse",
    ]);

    s.extractions.push(["User's favourite drink is green tea"]);
    await ltm.record([new Msg("alice", "My favourite drink is green tea.", "user")]);

    // mem0 sent our messages (as one assistant message) to our chat model.
    const calls = s.extractionCalls();
    expect(calls).toHaveLength(2);
    const prompt = messagesOf(calls[0]!)[1]!.content;
    expect(prompt).toContain(
      "assistant: I live in Paris and I work as a nurse.\nNice to meet you!",
    );
    // The second extraction saw the memories already stored, to avoid duplicates.
    expect(messagesOf(calls[1]!)[1]!.content).toContain("User lives in Paris");

    const retrieved = await ltm.retrieve(
      new Msg("alice", "Which drink is my favourite?", "user"),
      1,
    );
    expect(retrieved).toBe("User's favourite drink is green tea");
    const city = await ltm.retrieve(new Msg("alice", "Where do I live? Paris?", "user"), 1);
    expect(city).toBe("User lives in Paris");
  });

  it("updates a fact, and mem0's history store keeps the change", async () => {
    const ltm = memoryFor();
    s.extractions.push(["User lives in Paris"]);
    const { results } = await ltm.record([new Msg("alice", "I live in Paris.", "user")]);
    const id = results[0]!.id;

    const mem0 = (await ltm.longTermWorkingMemory()) as Memory;
    await mem0.update(id, { text: "User lives in Berlin" });

    expect(await ltm.retrieve(new Msg("alice", "Where does the user live?", "user"))).toBe(
      "User lives in Berlin",
    );
    const history = await mem0.history(id);
    // Newest first.
    expect(history.map((h) => [h.action ?? h.event, h.new_value ?? h.newValue])).toEqual([
      ["UPDATE", "User lives in Berlin"],
      ["ADD", "User lives in Paris"],
    ]);
  });

  it("records a correction beside the old fact, as mem0 3.x extracts additively", async () => {
    const ltm = memoryFor();
    s.extractions.push(["User lives in Paris"]);
    await ltm.record([new Msg("alice", "I live in Paris.", "user")]);
    s.extractions.push(["User moved from Paris to Berlin in 2026"]);
    await ltm.record([new Msg("alice", "I moved to Berlin this year.", "user")]);
    // mem0 showed the model the existing memory, so it can link the new one to it.
    const prompt = messagesOf(s.extractionCalls()[1]!)[1]!.content;
    expect(prompt).toContain("User lives in Paris");
    // Both facts are kept: mem0 3.x never rewrites a memory on its own.
    const found = await ltm.retrieve(new Msg("alice", "User Paris Berlin", "user"), 5);
    expect(found.split("\n").sort()).toEqual([
      "User lives in Paris",
      "User moved from Paris to Berlin in 2026",
    ]);
  });

  it("scopes memories by user, agent and run", async () => {
    const alice = memoryFor("alice");
    s.extractions.push(["User likes jazz"]);
    await alice.record([new Msg("alice", "I like jazz.", "user")]);

    const bob = memoryFor("bob");
    expect(await bob.retrieve(new Msg("bob", "What music do I like? jazz?", "user"))).toBe("");
    expect(await alice.retrieve(new Msg("alice", "What music do I like? jazz?", "user"))).toBe(
      "User likes jazz",
    );

    const aliceRun = memoryFor("alice", { agentName: "helper", runName: "run-1" });
    s.extractions.push(["User likes blues"]);
    const recorded = await aliceRun.record([new Msg("alice", "I like blues.", "user")]);
    expect(recorded.results[0]?.metadata).toEqual({ event: "ADD" });
    const mem0 = (await aliceRun.longTermWorkingMemory()) as Memory;
    const stored = await mem0.get(recorded.results[0]!.id);
    expect(stored).toMatchObject({ user_id: "alice", agent_id: "helper", run_id: "run-1" });
    // The run-scoped memory searches only its run.
    expect(await aliceRun.retrieve(new Msg("alice", "Which music? jazz blues", "user"), 5)).toBe(
      "User likes blues",
    );
  });

  it("keeps memories on disk under storageDir and finds them from a new instance", async () => {
    s.extractions.push(["User's cat is called Miso"]);
    await memoryFor().record([new Msg("alice", "My cat is called Miso.", "user")]);
    const again = memoryFor();
    expect(await again.retrieve(new Msg("alice", "What is my cat called? Miso", "user"))).toBe(
      "User's cat is called Miso",
    );
  });

  it("stores the default memory type in each memory's metadata", async () => {
    const ltm = memoryFor("alice", { defaultMemoryType: "procedural_memory", onDisk: false });
    s.extractions.push(["User deploys on Fridays"]);
    const { results } = await ltm.record([new Msg("alice", "I deploy on Fridays.", "user")]);
    const mem0 = (await ltm.longTermWorkingMemory()) as Memory;
    expect((await mem0.get(results[0]!.id))?.metadata).toMatchObject({
      memory_type: "procedural_memory",
    });
  });

  it("turns off mem0's telemetry unless asked", async () => {
    const ltm = memoryFor("alice", { onDisk: false });
    await ltm.longTermWorkingMemory();
    expect(process.env.MEM0_TELEMETRY).toBe("false");
  });

  it("saves and restores its scope in a session state", () => {
    const ltm = memoryFor("alice", { agentName: "helper", onDisk: false });
    const state = ltm.stateDict();
    expect(state).toEqual({
      agentId: "helper",
      userId: "alice",
      runId: null,
      defaultMemoryType: null,
    });
    const other = memoryFor("bob", { onDisk: false });
    other.loadStateDict(state);
    expect(other.scope).toEqual({ agentId: "helper", userId: "alice" });
  });
});
