import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { createTestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { runCli, tempDir } from "../../test/cli-process.js";
import { textReply } from "../../test/openai-script.js";

const CHAT = "/v1/chat/completions";

describe("a session file that cannot be loaded is never overwritten (subprocess)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it.each([
    ["corrupt JSON", '{"agent": {"memory": {"content": [', /is not valid JSON/],
    ["JSON without agent state", '{"notes": ["mine", "not a session"]}\n', /holds no agent state/],
    ["an agent that is not an object", '{"agent": 42}', /holds no agent state/],
  ])(
    "%s: exit 1, the path named, the file byte-identical, no model call",
    async (_what, content, reason) => {
      const dir = join(home.path, "sessions");
      await mkdir(dir, { recursive: true });
      const name = `s${Math.floor(Math.random() * 1e9)}`;
      const path = join(dir, `${name}.json`);
      await writeFile(path, content);
      const before = await readFile(path);
      await using server = await createTestServer({ [CHAT]: { response: textReply("Hello.") } });
      for (const command of [["run", "Hi"], []]) {
        const result = await runCli(
          [
            ...command,
            "--model",
            "openai:gpt-test",
            "--base-url",
            `${server.url}/v1`,
            "--sessions-dir",
            dir,
            "--session",
            name,
          ],
          { home: home.path, env: { OPENAI_API_KEY: "test" }, input: "Hi\n" },
        );
        expect(result.code, result.stderr).toBe(1);
        expect(result.stderr).toContain(path);
        expect(result.stderr).toMatch(reason);
        expect((await readFile(path)).equals(before)).toBe(true);
      }
      expect(server.callsTo(CHAT)).toHaveLength(0);
      // Nor was it imported into the SQLite store (where a later save would shadow it).
      const db = new DatabaseSync(join(dir, "sessions.db"), { readOnly: true });
      const rows = db.prepare("SELECT count(*) AS n FROM agentscope_sessions WHERE session_id = ?");
      expect(rows.get(name)).toEqual({ n: 0 });
      db.close();
    },
  );
});
