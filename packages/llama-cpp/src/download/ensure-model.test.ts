import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InterruptedError } from "@agentscope-ts/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DownloadProgress } from "./download-progress.js";
import { ensureModel, resolveModelUri } from "./ensure-model.js";
import { ModelDownloadError } from "./model-download-error.js";

const body = randomBytes(300_000);
const sha256 = createHash("sha256").update(body).digest("hex");
let server: Server;
let base: string;
let dir: string;
let requests: Array<{ url: string; range: string | undefined }>;
let cutOnce: boolean;

function serve(req: IncomingMessage, res: ServerResponse, honourRange: boolean): void {
  const match = /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
  if (match && honourRange) {
    const start = Number(match[1]);
    if (start >= body.length) {
      res.writeHead(416, { "content-range": `bytes */${body.length}` }).end();
      return;
    }
    res.writeHead(206, {
      "content-length": String(body.length - start),
      "content-range": `bytes ${start}-${body.length - 1}/${body.length}`,
    });
    res.end(body.subarray(start));
    return;
  }
  res.writeHead(200, { "content-length": String(body.length) });
  res.end(body);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: req.url ?? "", range: req.headers.range });
    if (req.url === "/model.gguf") return serve(req, res, true);
    if (req.url === "/no-range.gguf") return serve(req, res, false);
    if (req.url === "/flaky.gguf") {
      if (cutOnce) {
        cutOnce = false;
        res.writeHead(200, { "content-length": String(body.length) });
        res.write(body.subarray(0, 120_000), () => {
          setTimeout(() => res.socket?.destroy(), 20);
        });
        return;
      }
      return serve(req, res, true);
    }
    res.writeHead(404, "Not Found").end("missing");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  requests = [];
  cutOnce = true;
  dir = await mkdtemp(join(tmpdir(), "ensure-model-"));
  return () => rm(dir, { recursive: true, force: true });
});

describe("ensureModel", () => {
  it("downloads once into the folder, reports progress, then returns the path at once", async () => {
    const progress: DownloadProgress[] = [];
    const path = await ensureModel({
      uri: `${base}/model.gguf`,
      dir,
      sha256,
      onProgress: (p) => progress.push(p),
    });
    expect(path).toBe(join(dir, "model.gguf"));
    expect(Buffer.compare(await readFile(path), body)).toBe(0);
    expect(progress.at(-1)).toEqual({
      fileName: "model.gguf",
      downloaded: body.length,
      total: body.length,
      done: true,
    });
    for (let i = 1; i < progress.length; i++) {
      expect((progress[i] as DownloadProgress).downloaded).toBeGreaterThanOrEqual(
        (progress[i - 1] as DownloadProgress).downloaded,
      );
    }
    await expect(stat(`${path}.part`)).rejects.toThrow();
    expect(await ensureModel({ uri: `${base}/model.gguf`, dir })).toBe(path);
    expect(requests).toHaveLength(1);
  });

  it("resumes an interrupted download with an HTTP Range request", async () => {
    const uri = `${base}/flaky.gguf`;
    const error = await ensureModel({ uri, dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelDownloadError);
    expect((error as ModelDownloadError).retryable).toBe(true);
    expect((error as Error).message).toMatch(
      /connection dropped after \d+ bytes.*run again to resume/,
    );
    const partial = (await stat(join(dir, "flaky.gguf.part"))).size;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(body.length);

    const progress: DownloadProgress[] = [];
    const path = await ensureModel({ uri, dir, sha256, onProgress: (p) => progress.push(p) });
    expect(requests.at(-1)?.range).toBe(`bytes=${partial}-`);
    expect(progress[0]?.downloaded).toBe(partial);
    expect(Buffer.compare(await readFile(path), body)).toBe(0);
  });

  it("starts over when the server ignores the range", async () => {
    await writeFile(join(dir, "no-range.gguf.part"), body.subarray(0, 1000));
    const path = await ensureModel({ uri: `${base}/no-range.gguf`, dir, sha256 });
    expect(requests[0]?.range).toBe("bytes=1000-");
    expect(Buffer.compare(await readFile(path), body)).toBe(0);
  });

  it("finishes a part that already holds the whole file (416)", async () => {
    await writeFile(join(dir, "model.gguf.part"), body);
    const path = await ensureModel({ uri: `${base}/model.gguf`, dir, sha256 });
    expect(Buffer.compare(await readFile(path), body)).toBe(0);
  });

  it("deletes a file with a bad checksum and says so", async () => {
    const bad = "0".repeat(64);
    await expect(ensureModel({ uri: `${base}/model.gguf`, dir, sha256: bad })).rejects.toThrow(
      /checksum mismatch for model\.gguf: expected sha256 0{64}, got [0-9a-f]{64}/,
    );
    await expect(stat(join(dir, "model.gguf"))).rejects.toThrow();
    await expect(stat(join(dir, "model.gguf.part"))).rejects.toThrow();
  });

  it("reports an HTTP error with its status", async () => {
    const error = await ensureModel({ uri: `${base}/missing.gguf`, dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelDownloadError);
    expect((error as ModelDownloadError).status).toBe(404);
    expect((error as ModelDownloadError).retryable).toBe(false);
    expect((error as Error).message).toBe(
      `cannot download ${base}/missing.gguf: HTTP 404 Not Found`,
    );
  });

  it("gives a one-line error with a way out when there is no network", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await ensureModel({ uri: `http://127.0.0.1:${port}/m.gguf`, dir }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ModelDownloadError);
    const message = (error as Error).message;
    expect(message).toBe(
      `cannot download http://127.0.0.1:${port}/m.gguf: no network (ECONNREFUSED); pass a local GGUF file instead (e.g. --model llama-cpp:/path/to/model.gguf)`,
    );
    expect(message).not.toContain("\n");
  });

  it("shares one download between concurrent calls", async () => {
    const [a, b] = await Promise.all([
      ensureModel({ uri: `${base}/model.gguf`, dir }),
      ensureModel({ uri: `${base}/model.gguf`, dir }),
    ]);
    expect(a).toBe(b);
    expect(requests).toHaveLength(1);
  });

  it("draws a progress line on a terminal stream only", async () => {
    const written: string[] = [];
    await ensureModel({
      uri: `${base}/model.gguf`,
      dir,
      progressStream: { isTTY: true, columns: 200, write: (t: string) => written.push(t) },
    });
    expect(written[0]?.startsWith("\rmodel.gguf  [")).toBe(true);
    expect(written.at(-1)).toBe(`\rmodel.gguf  [${"#".repeat(24)}] 100%  0.3 MB / 0.3 MB\x1b[K\n`);
    const quiet: string[] = [];
    await ensureModel({
      uri: `${base}/no-range.gguf`,
      dir,
      progressStream: { isTTY: false, write: (t: string) => quiet.push(t) },
    });
    expect(quiet).toEqual([]);
  });

  it("aborts through the signal, keeping the part for later", async () => {
    await expect(
      ensureModel({ uri: `${base}/model.gguf`, dir, signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(InterruptedError);
  });

  it("returns local paths as they are and refuses missing ones", async () => {
    const local = join(dir, "local.gguf");
    await writeFile(local, "x");
    expect(await ensureModel({ uri: local })).toBe(local);
    expect(await ensureModel({ uri: `file://${local}` })).toBe(local);
    await expect(ensureModel({ uri: join(dir, "nope.gguf") })).rejects.toThrow(/no model file at/);
    expect(requests).toHaveLength(0);
  });

  it("expands hf: shorthands", () => {
    expect(
      resolveModelUri("hf:Qwen/Qwen2.5-1.5B-Instruct-GGUF/qwen2.5-1.5b-instruct-q4_k_m.gguf"),
    ).toBe(
      "https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf",
    );
    expect(() => resolveModelUri("hf:Qwen/x")).toThrow(/hf:<owner>\/<repo>\/<file.gguf>/);
  });
});
