import { DatabaseSync } from "node:sqlite";
import { Msg, ValidationError } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { SqliteMemory } from "./sqlite-memory.js";

describe("SqliteMemory reading its rows", () => {
  it("reads its own rows on the fast path, and a row corrupted since gets a ValidationError", async () => {
    const database = new DatabaseSync(":memory:");
    const memory = new SqliteMemory({ database, sessionId: "c" });
    await memory.add([
      new Msg("u", "a", "user", { id: "r1" }),
      new Msg("u", "b", "user", { id: "r2" }),
    ]);
    expect((await memory.getMemory()).map((m) => m.getTextContent())).toEqual(["a", "b"]);
    database
      .prepare(
        "UPDATE agentscope_messages SET msg = json_set(msg, '$.name', 7) WHERE msg_id = 'r2'",
      )
      .run();
    const error = await memory.getMemory().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(String((error as Error).message)).toMatch(/name/);
    await memory.close();
    database.close();
  });
});
