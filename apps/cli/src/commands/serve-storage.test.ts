import { existsSync } from "node:fs";
import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { PostgresCheckpointStore, SqliteCheckpointStore } from "@agentscope-ts/server";
import {
  type RunningPostgres,
  type RunningRedis,
  startPostgres,
  startRedis,
} from "@agentscope-ts/test-databases";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliProcess, runCli, startCli, tempDir } from "../../test/cli-process.js";
import { requestMessages, textReply } from "../../test/openai-script.js";

// `agentscope serve` as operators run it: the built CLI in a child process, killed with SIGKILL
// and started again on the same storage; what the first process stored must be there.

const CHAT = "/v1/chat/completions";
const AUTH = { authorization: "Bearer secret", "content-type": "application/json" };

let model: TestServer;
let home: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  home = await tempDir();
  model = await createTestServer({ [CHAT]: { response: [] } });
});
afterAll(async () => {
  await model?.close();
  await home?.cleanup();
});

/** A fresh model script: turn one, then turn two. */
function script() {
  model.reset();
  model.routes[CHAT] = {
    response: [textReply("Nice to meet you, Ada."), textReply("Your name is Ada.")],
  };
}

/** `agentscope serve` on the test model, any free port, one bearer token. */
const serveArgs = (token: string): string[] => [
  "serve",
  "--model",
  "openai:gpt-test",
  "--base-url",
  `${model.url}/v1`,
  "--port",
  "0",
  "--token",
  token,
];

async function startServe(
  args: readonly string[],
  homeDir: string,
  env: Record<string, string> = {},
): Promise<{ cli: CliProcess; url: string }> {
  await mkdir(homeDir, { recursive: true });
  const cli = startCli([...serveArgs("secret=alice"), ...args], {
    home: homeDir,
    env: { OPENAI_API_KEY: "test", ...env },
  });
  await cli.waitForOutput(/listening on http:\/\/\S+/, 60_000);
  const url = /listening on (http:\/\/\S+)/.exec(cli.stdout())?.[1] ?? "";
  return { cli, url };
}

/** One turn over HTTP: the POST, then the session's events until the run ends. */
async function turn(url: string, session: string, content: string): Promise<string> {
  const posted = await fetch(`${url}/v1/sessions/${session}/messages`, {
    method: "POST",
    headers: AUTH,
    body: JSON.stringify({ content }),
  });
  expect(posted.status, await posted.clone().text()).toBe(202);
  const { runId } = (await posted.json()) as { runId: string };
  const events = await fetch(`${url}/v1/sessions/${session}/events?until=run_end`, {
    headers: AUTH,
  });
  const body = await events.text();
  // The stream holds every run of the session; this run must have finished.
  expect(body).toMatch(new RegExp(`event: run_finished\\ndata: \\{"runId":"${runId}"`));
  return body;
}

async function killHard(cli: CliProcess): Promise<void> {
  cli.child.kill("SIGKILL");
  expect(await cli.exited).toBe(137);
}

/** The restarted process has the first turn: in the session and in the model's next prompt. */
async function expectSurvived(url: string): Promise<void> {
  const state = await fetch(`${url}/v1/sessions/ada`, { headers: AUTH });
  expect(state.status).toBe(200);
  const session = (await state.json()) as { status: string; memory: { content: unknown }[] };
  expect(session.status).toBe("idle");
  expect(session.memory.map((m) => m.content)).toEqual([
    "My name is Ada.",
    [{ type: "text", text: "Nice to meet you, Ada." }],
  ]);
  await turn(url, "ada", "What is my name?");
  const second = model.callsTo(CHAT)[1];
  expect(JSON.stringify(requestMessages(second?.body))).toContain("Nice to meet you, Ada.");
}

async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe("agentscope serve storage (subprocess)", () => {
  it("by default keeps sessions in SQLite in the agent home, across a SIGKILL and restart", async () => {
    script();
    const dir = join(home.path, "sqlite-default");
    const file = join(dir, ".agentscope", "server", "sessions.db");
    const first = await startServe([], dir);
    expect(first.cli.stdout()).toContain(`sessions in ${file}`);
    await turn(first.url, "ada", "My name is Ada.");
    expect(existsSync(file)).toBe(true);
    await killHard(first.cli);

    const second = await startServe([], dir);
    await expectSurvived(second.url);
    second.cli.child.kill("SIGTERM");
    expect(await second.cli.exited).toBe(0);
    const store = new SqliteCheckpointStore({ path: file });
    const saved = await store.load({ userId: "alice", sessionId: "ada" });
    await store.close();
    expect(JSON.stringify(saved?.agent)).toContain("Your name is Ada.");
  });

  it("resumes a run that was in progress when the process was killed", async () => {
    model.reset();
    let asked: () => void = () => undefined;
    const modelAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    model.routes[CHAT] = {
      response: ({ callNumber }) => {
        asked();
        // The first process never gets its answer; the restarted one does.
        return callNumber === 0 ? { type: "stall" } : textReply("Resumed and answered.");
      },
    };
    const dir = join(home.path, "sqlite-crash");
    const first = await startServe([], dir);
    const posted = await fetch(`${first.url}/v1/sessions/cut/messages`, {
      method: "POST",
      headers: AUTH,
      body: JSON.stringify({ content: "Answer slowly." }),
    });
    expect(posted.status).toBe(202);
    const { runId } = (await posted.json()) as { runId: string };
    await modelAsked; // the run is in progress: the model has the request
    await killHard(first.cli);

    const second = await startServe([], dir);
    const events = await (
      await fetch(`${second.url}/v1/sessions/cut/events?until=run_end`, { headers: AUTH })
    ).text();
    expect(events).toContain(`event: run_resumed\ndata: {"runId":"${runId}"`);
    expect(events).toContain(`event: run_finished\ndata: {"runId":"${runId}"`);
    const session = (await (
      await fetch(`${second.url}/v1/sessions/cut`, { headers: AUTH })
    ).json()) as { status: string; memory: { content: unknown }[] };
    expect(session.status).toBe("idle");
    expect(JSON.stringify(session.memory.at(-1)?.content)).toContain("Resumed and answered.");
    second.cli.child.kill("SIGTERM");
    expect(await second.cli.exited).toBe(0);
  });

  it("refuses a second serve on the same SQLite file while the first runs", async () => {
    const dir = join(home.path, "sqlite-twice");
    const first = await startServe([], dir);
    const file = join(dir, ".agentscope", "server", "sessions.db");
    const second = await runCli(serveArgs("s=alice"), {
      home: dir,
      env: { OPENAI_API_KEY: "test" },
    });
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(
      `agentscope: another agentscope serve (pid ${first.cli.child.pid}) keeps its sessions in ${file}: stop it, or give this one --store OTHER_FILE (one process per SQLite file; for replicas use --redis)\n`,
    );
    first.cli.child.kill("SIGTERM");
    expect(await first.cli.exited).toBe(0);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("--in-memory writes nothing, and forgets the session on restart", async () => {
    script();
    const dir = join(home.path, "in-memory");
    const first = await startServe(["--in-memory"], dir);
    expect(first.cli.stdout()).toContain("in memory only");
    await turn(first.url, "ada", "My name is Ada.");
    await killHard(first.cli);
    expect(await filesUnder(dir)).toEqual([]);
    const second = await startServe(["--in-memory"], dir);
    expect((await fetch(`${second.url}/v1/sessions/ada`, { headers: AUTH })).status).toBe(404);
    second.cli.child.kill("SIGTERM");
    expect(await second.cli.exited).toBe(0);
    expect(await filesUnder(dir)).toEqual([]);
  });

  describe("on real PostgreSQL and Redis", () => {
    let pg: RunningPostgres;
    let redis: RunningRedis;
    beforeAll(async () => {
      [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
    });
    afterAll(async () => {
      await Promise.all([pg?.stop(), redis?.stop()]);
    });

    async function savedInPostgres(sessionId = "ada") {
      const store = new PostgresCheckpointStore({ connectionString: pg.connectionString });
      try {
        return await store.load({ userId: "alice", sessionId });
      } finally {
        await store.close();
      }
    }

    it("--postgres keeps sessions in PostgreSQL across a SIGKILL and restart, nothing on disk", async () => {
      script();
      const dir = join(home.path, "postgres");
      const first = await startServe(["--postgres", pg.connectionString], dir);
      expect(first.cli.stdout()).toContain("sessions in PostgreSQL postgres://***@127.0.0.1");
      await turn(first.url, "ada", "My name is Ada.");
      expect(JSON.stringify((await savedInPostgres())?.agent)).toContain("Nice to meet you");
      await killHard(first.cli);

      // The URL from the environment this time (as a deployment keeps it out of `ps`).
      const second = await startServe([], dir, { AGENTSCOPE_POSTGRES_URL: pg.connectionString });
      await expectSurvived(second.url);
      second.cli.child.kill("SIGTERM");
      expect(await second.cli.exited).toBe(0);
      expect(JSON.stringify((await savedInPostgres())?.agent)).toContain("Your name is Ada.");
      expect(await filesUnder(dir)).toEqual([]);
    });

    it("--redis with --postgres: events in Redis resume after a restart, checkpoints in PostgreSQL", async () => {
      script();
      const db = pg.connectionString;
      const dir = join(home.path, "redis-postgres");
      const args = ["--redis", redis.url, "--postgres", db];
      const first = await startServe(args, dir);
      expect(first.cli.stdout()).toContain("shared through Redis redis://127.0.0.1");
      const firstEvents = await turn(first.url, "ada2", "My name is Ada.");
      await killHard(first.cli);

      const second = await startServe(args, dir);
      // The event log outlived the process: the same events, with the same ids.
      const replay = await fetch(`${second.url}/v1/sessions/ada2/events?until=run_end`, {
        headers: AUTH,
      });
      expect(await replay.text()).toBe(firstEvents);
      second.cli.child.kill("SIGTERM");
      expect(await second.cli.exited).toBe(0);
      expect(JSON.stringify((await savedInPostgres("ada2"))?.agent)).toContain(
        "Nice to meet you, Ada.",
      );
      expect(await filesUnder(dir)).toEqual([]);
    });
  });

  it("refuses a malformed URL in a real process (exit 2, one line naming the flag)", async () => {
    const result = await runCli(
      ["serve", "--token", "s=alice", "--postgres", "localhost:5432/agents"],
      { home: home.path, env: { OPENAI_API_KEY: "test" } },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "agentscope: --postgres takes a postgres:// or postgresql:// URL such as postgres://user@db.example.com:5432/agents, got 'localhost:5432/agents' (see agentscope serve --help)\n",
    );
  });

  it("--help lists the storage options", async () => {
    const result = await runCli(["serve", "--help"], { home: home.path });
    expect(result.code).toBe(0);
    for (const flag of [
      "--postgres URL",
      "--redis URL",
      "--store FILE",
      "--in-memory",
      "AGENTSCOPE_POSTGRES_URL",
      "$AGENTSCOPE_HOME/server/sessions.db",
    ]) {
      expect(result.stdout).toContain(flag);
    }
  });
});
