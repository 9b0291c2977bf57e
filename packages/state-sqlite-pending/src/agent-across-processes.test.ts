import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runScript } from "@agentscope-ts/test-databases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqliteMemory } from "./sqlite-memory.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "as-sqlite-agent-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const appender = fileURLToPath(new URL("./__fixtures__/append-process.ts", import.meta.url));
const script = fileURLToPath(new URL("./__fixtures__/agent-process.ts", import.meta.url));

describe("SQLite shared by several processes", () => {
  it("keeps a ReActAgent saved by one process, loaded and continued by another", async () => {
    const env = { DB_PATH: join(dir, "agent.db"), SESSION_ID: "cross", NODE_NO_WARNINGS: "1" };
    const first = await runScript(script, { ...env, SAY: "My name is Ada.", REPLY: "Hello Ada!" });
    expect(first.code, first.stderr).toBe(0);
    const one = JSON.parse(first.stdout);
    expect(one.existed).toBe(false);
    expect(one.memory).toEqual(["user:My name is Ada.", "assistant:Hello Ada!"]);

    const second = await runScript(script, { ...env, SAY: "What is my name?", REPLY: "Ada." });
    expect(second.code, second.stderr).toBe(0);
    const two = JSON.parse(second.stdout);
    expect(two.pid).not.toBe(one.pid);
    expect(two.existed).toBe(true);
    expect(JSON.stringify(two.prompt)).toContain("My name is Ada.");
    expect(two.memory).toEqual([
      "user:My name is Ada.",
      "assistant:Hello Ada!",
      "user:What is my name?",
      "assistant:Ada.",
    ]);
  });

  it("keeps every message of two processes appending at once, in one order", async () => {
    const env = { DB_PATH: join(dir, "agent.db"), NODE_NO_WARNINGS: "1" };
    const runs = await Promise.all(
      ["a", "b"].map((tag) => runScript(appender, { ...env, TAG: tag, N: "150" })),
    );
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const memory = new SqliteMemory({ dbPath: join(dir, "agent.db"), sessionId: "appenders" });
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
