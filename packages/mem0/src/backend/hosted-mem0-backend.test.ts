import { Msg } from "@agentscope-ts/core";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Mem0LongTermMemory } from "../memory/mem0-long-term-memory.js";

// The routes of mem0's platform API that its `MemoryClient` calls, answered as the platform does.
let server: TestServer;

beforeEach(async () => {
  server = await createTestServer({
    "/v1/ping/": {
      response: { type: "json", body: { status: "ok", org_id: "org", project_id: "prj" } },
    },
    "/v3/memories/add/": {
      response: {
        type: "json",
        body: { results: [{ id: "m1", memory: "User likes tea", event: "ADD" }] },
      },
    },
    "/v3/memories/search/": {
      response: {
        type: "json",
        body: {
          results: [{ id: "m1", memory: "User likes tea", score: 0.9 }],
          relations: [{ source: "alice", relationship: "likes", destination: "tea" }],
        },
      },
    },
  });
});

afterEach(async () => {
  await server.close();
});

const hosted = (extra: { agentName?: string } = {}) =>
  new Mem0LongTermMemory({
    userName: "alice",
    ...extra,
    hosted: { apiKey: "m0-test", host: server.url },
  });

describe("Mem0LongTermMemory in hosted mode", () => {
  it("records through the platform's add endpoint with the scope", async () => {
    const ltm = hosted({ agentName: "Friday" });
    const result = await ltm.record([new Msg("alice", "I like tea.", "user")]);
    expect(result.results.map((r) => r.memory)).toEqual(["User likes tea"]);
    const [call] = server.callsTo("/v3/memories/add/");
    expect(call?.headers.authorization).toBe("Token m0-test");
    expect(call?.body).toMatchObject({
      messages: [{ role: "assistant", content: "I like tea.", name: "assistant" }],
      user_id: "alice",
      agent_id: "Friday",
      infer: true,
    });
  });

  it("searches with the scope as filters and formats memories and relations", async () => {
    const ltm = hosted({ agentName: "Friday" });
    expect(await ltm.retrieve(new Msg("alice", "What do I drink?", "user"), 3)).toBe(
      "User likes tea\nalice -- likes -- tea",
    );
    const [call] = server.callsTo("/v3/memories/search/");
    expect(call?.body).toMatchObject({
      query: '"What do I drink?"',
      top_k: 3,
      filters: { AND: [{ user_id: "alice" }, { agent_id: "Friday" }] },
    });
  });

  it("uses a single filter for a single id, and tool errors become results", async () => {
    const ltm = hosted();
    await ltm.retrieveFromMemory(["tea"]);
    expect(server.callsTo("/v3/memories/search/")[0]?.body).toMatchObject({
      filters: { user_id: "alice" },
      top_k: 5,
    });
    server.routes["/v3/memories/search/"]!.response = {
      type: "error",
      status: 500,
      body: { detail: "internal error" },
    };
    const failed = await ltm.retrieveFromMemory(["tea"]);
    expect(failed.content[0]).toMatchObject({ type: "text" });
    expect((failed.content[0] as { text: string }).text).toMatch(/^Error retrieving memory: /);
  });
});
