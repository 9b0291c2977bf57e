import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { describeSessionSuite } from "../testing/session-suite.js";
import { JSONSession } from "./json-session.js";

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describeSessionSuite("JSONSession", {
  create: async () => {
    const dir = await mkdtemp(join(tmpdir(), "as-json-session-"));
    dirs.push(dir);
    return new JSONSession({ saveDir: dir });
  },
  openPeer: (session) => new JSONSession({ saveDir: (session as JSONSession).saveDir }),
  detectsConflicts: false,
});
