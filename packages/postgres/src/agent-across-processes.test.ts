import { fileURLToPath } from "node:url";
import { type RunningPostgres, runScript, startPostgres } from "@agentscope-ts/test-databases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresMemory } from "./postgres-memory.js";

let server: RunningPostgres;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

const appender = fileURLToPath(new URL("./__fixtures__/append-process.ts", import.meta.url));
const script = fileURLToPath(new URL("./__fixtures__/agent-process.ts", import.meta.url));

describe("PostgreSQL shared by several processes", () => {
  it("keeps a ReActAgent saved by one process, loaded and continued by another", async () => {
    const env = { DATABASE_URL: server.connectionString, SESSION_ID: "cross" };
    const first = await runScript(script, { ...env, SAY: "My name is Ada.", REPLY: "Hello Ada!" });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const one = JSON.parse(first.stdout);
    expect(one.existed).toBe(false);
    expect(one.memory).toEqual(["user:My name is Ada.", "assistant:Hello Ada!"]);

    const second = await runScript(script, { ...env, SAY: "What is my name?", REPLY: "Ada." });
    expect(second.code).toBe(0);
    const two = JSON.parse(second.stdout);
    expect(two.pid).not.toBe(one.pid);
    expect(two.existed).toBe(true);
    // The second process's model saw the first process's turn.
    expect(JSON.stringify(two.prompt)).toContain("My name is Ada.");
    expect(JSON.stringify(two.prompt)).toContain("Hello Ada!");
    expect(two.memory).toEqual([
      "user:My name is Ada.",
      "assistant:Hello Ada!",
      "user:What is my name?",
      "assistant:Ada.",
    ]);
  });

  it("keeps every message of two processes appending at once, in one order", async () => {
    const env = { DATABASE_URL: server.connectionString };
    const runs = await Promise.all(
      ["a", "b"].map((tag) => runScript(appender, { ...env, TAG: tag, N: "150" })),
    );
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const memory = new PostgresMemory({
      connectionString: server.connectionString,
      sessionId: "appenders",
    });
    try {
      const ids = (await memory.getMemory()).map((m) => m.id);
      expect(ids).toHaveLength(300);
      const expected = (tag: string) => Array.from({ length: 150 }, (_, i) => `${tag}${i}`);
      expect(ids.filter((id) => id.startsWith("a"))).toEqual(expected("a"));
      expect(ids.filter((id) => id.startsWith("b"))).toEqual(expected("b"));
    } finally {
      await memory.close();
    }
  });
});
