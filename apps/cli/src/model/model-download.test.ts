import { existsSync, readdirSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { buildTinyLlamaGguf } from "@agentscope-ts/llama-cpp/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { runCli, startCli, tempDir } from "../../test/cli-process.js";
import type { RunResult } from "../commands/run.js";
import { formatBytes } from "./download-progress.js";

const LOCAL_FLAGS = ["--context-size", "4096", "--max-tokens", "8", "--threads", "1"];

describe("first-run model download: asked in chat, --yes in run (subprocess, local server)", () => {
  const gguf = Buffer.from(buildTinyLlamaGguf().bytes);
  let server: Server;
  let base: string;
  let requests: Array<{ method: string; url: string }>;
  let home: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    home = await tempDir();
    server = createServer((req, res) => {
      requests.push({ method: req.method ?? "", url: req.url ?? "" });
      if (req.url !== "/tiny.gguf" && req.url !== "/embed.gguf") {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-length": String(gguf.length) });
      res.end(req.method === "HEAD" ? undefined : gguf);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await home.cleanup();
  });
  beforeEach(() => {
    requests = [];
  });

  /** A fresh models folder and the environment pointing the default model at the server. */
  function fresh(name: string) {
    const models = join(home.path, name);
    return {
      models,
      env: { AGENTSCOPE_MODEL_URL: `${base}/tiny.gguf`, AGENTSCOPE_MODELS_DIR: models },
    };
  }
  const gets = () => requests.filter((r) => r.method === "GET");
  const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

  it("run refuses without --yes and fetches nothing; --yes downloads with progress lines and answers; then it never asks", async () => {
    const { models, env } = fresh("models-run");
    const refused = await runCli(["run", ...LOCAL_FLAGS, "Say hello."], { home: home.path, env });
    expect(refused.code).toBe(2);
    const lines = refused.stderr.trim().split("\n");
    expect(lines.at(-1)).toBe(
      `agentscope: tiny.gguf (unknown size) is not downloaded yet: pass --yes to download it to ${models}, or set an API key (OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY, DASHSCOPE_API_KEY) or OLLAMA_HOST; set AGENTSCOPE_MODEL_URL to another GGUF file (a path or URL), or pass --model llama-cpp:/path/to/model.gguf`,
    );
    expect(requests).toEqual([]);
    expect(filesIn(models)).toEqual([]);

    const yes = await runCli(["run", "--yes", "--json", ...LOCAL_FLAGS, "Say hello."], {
      home: home.path,
      env,
    });
    expect(yes.code, yes.stderr).toBe(0);
    expect((JSON.parse(yes.stdout) as RunResult).model).toBe("llama-cpp:tiny");
    expect(gets()).toEqual([{ method: "GET", url: "/tiny.gguf" }]);
    expect(filesIn(models)).toEqual(["tiny.gguf"]);
    // Not a terminal: plain progress lines, no carriage returns, the last one complete.
    expect(yes.stderr).not.toContain("\r");
    expect(yes.stderr).toContain("downloading the model tiny.gguf into");
    const size = formatBytes(gguf.length);
    expect(yes.stderr).toMatch(new RegExp(`tiny\\.gguf  \\[#{20}\\] 100%  ${size} / ${size}`));

    // On disk now: run needs no --yes, and nothing is fetched again.
    requests = [];
    const again = await runCli(["run", "--json", ...LOCAL_FLAGS, "Hi."], { home: home.path, env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain("--yes");
    expect(requests).toEqual([]);
  });

  it("chat on a terminal asks with the size: n exits without downloading", async () => {
    const { models, env } = fresh("models-chat-no");
    const cli = startCli(["chat", ...LOCAL_FLAGS], { home: home.path, env, pty: true });
    const question = `Download tiny.gguf (${formatBytes(gguf.length)}) to ${models}? [y/N]`;
    await cli.waitForOutput(question);
    cli.child.stdin.write("n\r");
    expect(await cli.exited).toBe(1);
    expect(cli.stdout()).toContain(
      "agentscope: not downloading tiny.gguf; set AGENTSCOPE_MODEL_URL to another GGUF file (a path or URL), or pass --model llama-cpp:/path/to/model.gguf",
    );
    // Only the size was asked for (HEAD); the file was never fetched nor written.
    expect(requests).toEqual([{ method: "HEAD", url: "/tiny.gguf" }]);
    expect(filesIn(models)).toEqual([]);
  });

  it("chat on a terminal asks: y downloads with a progress bar, then chats", async () => {
    const { models, env } = fresh("models-chat-yes");
    const cli = startCli(["chat", ...LOCAL_FLAGS, "--no-tools"], {
      home: home.path,
      env,
      pty: true,
    });
    await cli.waitForOutput("[y/N]");
    cli.child.stdin.write("y\r");
    await cli.waitForOutput("agentscope chat · model llama-cpp:tiny", 120_000);
    cli.child.stdin.write("/exit\r");
    expect(await cli.exited).toBe(0);
    expect(gets()).toEqual([{ method: "GET", url: "/tiny.gguf" }]);
    expect(filesIn(models)).toEqual(["tiny.gguf"]);
    // A terminal: the bar is redrawn in place with \r and ends complete.
    expect(cli.stdout()).toMatch(/\rtiny\.gguf {2}\[#{20}\] 100%/);
  });

  it("chat without a terminal needs --yes too", async () => {
    const { models, env } = fresh("models-chat-pipe");
    const piped = await runCli(["chat", ...LOCAL_FLAGS], { home: home.path, env, input: "y\n" });
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain("is not downloaded yet: pass --yes");
    expect(requests).toEqual([]);
    expect(filesIn(models)).toEqual([]);
  });

  it("--knowledge follows the same rule for the local embedding model", async () => {
    const { models } = fresh("models-embed");
    const local = join(home.path, "local.gguf");
    await writeFile(local, gguf);
    const docs = join(home.path, "docs");
    await mkdir(docs, { recursive: true });
    await writeFile(join(docs, "notes.md"), "The vault code is 4417.");
    const env = {
      AGENTSCOPE_EMBEDDING_MODEL_URL: `${base}/embed.gguf`,
      AGENTSCOPE_MODELS_DIR: models,
    };
    const refused = await runCli(
      ["run", "--model", `llama-cpp:${local}`, ...LOCAL_FLAGS, "--knowledge", docs, "Code?"],
      { home: home.path, env },
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split("\n").at(-1)).toMatch(
      /^agentscope: embed\.gguf \(unknown size\) is not downloaded yet: pass --yes .*set AGENTSCOPE_EMBEDDING_MODEL_URL to another GGUF embedding model/,
    );
    expect(requests).toEqual([]);
    expect(filesIn(models)).toEqual([]);
  });
});
