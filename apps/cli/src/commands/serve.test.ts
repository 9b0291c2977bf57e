import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { SqliteCheckpointStore } from "@agentscope-ts/server";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { textReply } from "../../test/openai-script.js";
import { CliError } from "../cli-error.js";
import type { CliIO } from "../cli-io.js";
import { runServe } from "./serve.js";

function captureIO(env: NodeJS.ProcessEnv = {}) {
  let out = "";
  let err = "";
  const waiters: (() => void)[] = [];
  const io: CliIO = {
    stdin: new PassThrough(),
    stdout: {
      write: (s: string) => {
        out += s;
        for (const w of waiters.splice(0)) w();
        return true;
      },
    } as CliIO["stdout"],
    stderr: {
      write: (s: string) => {
        err += s;
        return true;
      },
    } as CliIO["stderr"],
    env,
    cwd: process.cwd(),
  };
  const printed = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`not printed: ${re} (${out}${err})`)),
        20_000,
      );
      const check = () => {
        const m = re.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m);
        } else waiters.push(check);
      };
      check();
    });
  return { io, printed, output: () => out, errors: () => err };
}

describe("agentscope serve", () => {
  it("serves the chosen model over HTTP until stopped, keeping sessions in --store", async () => {
    const dir = await mkdtemp(join(tmpdir(), "as-serve-"));
    const store = join(dir, "sessions.db");
    await using model = await createTestServer({
      "/v1/chat/completions": { response: [textReply("Hello from the service.")] },
    });
    const { io, printed } = captureIO({ OPENAI_API_KEY: "test" });
    const stop = new AbortController();
    const running = runServe(
      [
        "--model",
        "openai:gpt-test",
        "--base-url",
        `${model.url}/v1`,
        "--port",
        "0",
        "--token",
        "secret=alice",
        "--store",
        store,
      ],
      io,
      stop.signal,
    );
    const [, url] = await printed(/listening on (http:\/\/\S+)/);
    const headers = { authorization: "Bearer secret", "content-type": "application/json" };
    const posted = await fetch(`${url}/v1/sessions/one/messages`, {
      method: "POST",
      headers,
      body: JSON.stringify({ content: "hi" }),
    });
    expect(posted.status).toBe(202);
    const events = await fetch(`${url}/v1/sessions/one/events?until=run_end`, { headers });
    const body = await events.text();
    expect(body).toContain("event: run_finished");
    expect(body).toContain("Hello from the service.");
    expect((await fetch(`${url}/v1/sessions/one`)).status).toBe(401);
    stop.abort();
    expect(await running).toBe(0);
    const saved = new SqliteCheckpointStore({ path: store });
    const checkpoint = await saved.load({ userId: "alice", sessionId: "one" });
    await saved.close();
    expect(checkpoint?.run.status).toBe("idle");
    expect(JSON.stringify(checkpoint?.agent)).toContain("Hello from the service.");
    await rm(dir, { recursive: true, force: true });
  });

  it("logs a JSON line per request and run transition to --log-file at --log-level, secrets masked", async () => {
    const dir = await mkdtemp(join(tmpdir(), "as-serve-log-"));
    await using model = await createTestServer({
      "/v1/chat/completions": { response: [textReply("Logged.")] },
    });
    const { io, printed, errors } = captureIO({ OPENAI_API_KEY: "test" });
    const stop = new AbortController();
    const token = "serve-secret-token-1";
    const running = runServe(
      [
        ...["--model", "openai:gpt-test", "--base-url", `${model.url}/v1`, "--port", "0"],
        ...["--token", `${token}=alice`, "--in-memory"],
        ...["--log-level", "INFO", "--log-file", join(dir, "logs", "serve.log")],
      ],
      io,
      stop.signal,
    );
    const [, url] = await printed(/listening on (http:\/\/\S+)/);
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const posted = await fetch(`${url}/v1/sessions/s-${token}/messages`, {
      method: "POST",
      headers: { ...headers, "x-request-id": "cli-req-1" },
      body: JSON.stringify({ content: "hi" }),
    });
    expect(posted.status).toBe(202);
    await (await fetch(`${url}/v1/sessions/s-${token}/events?until=run_end`, { headers })).text();
    stop.abort();
    expect(await running).toBe(0);

    const text = (
      await Promise.all(
        (await readdir(join(dir, "logs"))).map((f) => readFile(join(dir, "logs", f), "utf8")),
      )
    ).join("");
    const records = text
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    // At info (pino level 30): the server's records are info on the logger serve passes it.
    expect(records.find((r) => r.request_id === "cli-req-1")).toMatchObject({
      level: 30,
      msg: "request",
      method: "POST",
      status: 202,
      user: "alice",
      session: "s-***",
    });
    expect(
      records.filter((r) => String(r.msg).startsWith("run_")).map((r) => [r.level, r.msg]),
    ).toEqual([
      [30, "run_started"],
      [30, "run_finished"],
    ]);
    expect(text).not.toContain(token);
    expect(errors()).toBe("");
    await rm(dir, { recursive: true, force: true });
  });

  it("refuses an unknown --log-level, naming the levels", async () => {
    const { io } = captureIO({ OPENAI_API_KEY: "test" });
    await expect(
      runServe(["--allow-anonymous", "--in-memory", "--log-level", "loud"], io),
    ).rejects.toThrow(/--log-level: expected one of DEBUG, INFO, WARNING, ERROR/);
  });

  it("refuses to start without auth, and on a bad port", async () => {
    const { io } = captureIO({ OPENAI_API_KEY: "test" });
    await expect(runServe(["--model", "openai:x"], io, AbortSignal.abort())).rejects.toThrow(
      /--token TOKEN=USER/,
    );
    await expect(runServe(["--port", "99999", "--allow-anonymous"], io)).rejects.toBeInstanceOf(
      CliError,
    );
    await expect(runServe(["--token", "nouser"], io)).rejects.toThrow(/TOKEN=USER/);
    await expect(runServe(["--bogus"], io)).rejects.toThrow(/bogus/);
    await expect(
      runServe(["--allow-anonymous", "--redis", "redis://x", "--store", "s.db"], io),
    ).rejects.toThrow(/--store is the one-node SQLite file; --redis already chose/);
  });

  it("prints its help", async () => {
    const { io, output } = captureIO();
    expect(await runServe(["--help"], io)).toBe(0);
    expect(output()).toContain("agentscope serve");
  });
});
