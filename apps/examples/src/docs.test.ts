import { spawn } from "node:child_process";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type StudioContractServer,
  startStudioContractServer,
} from "@agentscope-ts/studio/testing";
import {
  type RunningPostgres,
  type RunningRedis,
  startPostgres,
  startRedis,
} from "@agentscope-ts/test-databases";
import type { TestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeBlocks } from "./code-blocks.ts";
import { startOfflineOpenAI } from "./offline/offline-openai-server.ts";
import { runExample } from "./run-example.ts";

// Every `ts` block of the guides in docs/ is a program: each is written out, the whole set is
// type-checked with the examples' strict settings, and each runs against the offline server
// (and, for the blocks that read REDIS_URL / DATABASE_URL, a real redis-server and PostgreSQL).
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const docsDir = join(root, "docs");
const outDir = join(root, "apps", "examples", ".generated", "docs");

const blocks: { guide: string; name: string; file: string; code: string }[] = [];
for (const guide of (await readdir(docsDir)).filter((f) => f.endsWith(".md")).sort()) {
  for (const [i, block] of (await codeBlocks(join(docsDir, guide))).entries()) {
    const base = guide.replace(/\.md$/, "");
    const name = `${base}-${i + 1} (docs/${guide}:${block.line})`;
    blocks.push({
      guide: base,
      name,
      file: join(outDir, `${guide.replace(/\.md$/, "")}-${i + 1}.ts`),
      code: block.code,
    });
  }
}

let server: TestServer;
let redis: RunningRedis | undefined;
let postgres: RunningPostgres | undefined;
let studio: StudioContractServer | undefined;
const databaseEnv: Record<string, string> = {};
beforeAll(async () => {
  server = await startOfflineOpenAI();
  if (blocks.some((b) => b.code.includes("REDIS_URL"))) {
    redis = await startRedis();
    databaseEnv.REDIS_URL = redis.url;
  }
  if (blocks.some((b) => b.code.includes("DATABASE_URL"))) {
    postgres = await startPostgres();
    databaseEnv.DATABASE_URL = postgres.connectionString;
  }
  if (blocks.some((b) => b.code.includes("AGENTSCOPE_STUDIO_URL"))) {
    studio = await startStudioContractServer();
    databaseEnv.AGENTSCOPE_STUDIO_URL = studio.url;
  }
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  for (const block of blocks) await writeFile(block.file, `${block.code}\n`);
  await writeFile(
    join(outDir, "tsconfig.json"),
    JSON.stringify({ extends: "../../tsconfig.json", include: ["*.ts"] }),
  );
});

afterAll(async () => {
  await server?.close();
  await Promise.all([redis?.stop(), postgres?.stop(), studio?.close()]);
  await rm(outDir, { recursive: true, force: true });
});

describe("docs code blocks", () => {
  it("there is a guide per concept, each with code", () => {
    const guides = new Set(blocks.map((b) => b.guide));
    for (const guide of [
      "messages",
      "agents-and-hooks",
      "tools-and-mcp",
      "structured-output",
      "memory-and-sessions",
      "multi-agent",
      "streaming",
      "speech",
      "providers-and-registry",
      "writing-a-plugin",
      "rag",
      "tracing",
      "a2a",
      "ag-ui",
      "server",
      "approvals",
      "storage",
      "deployment",
      "realtime",
      "studio",
      "evaluation",
    ]) {
      expect(guides, guide).toContain(guide);
    }
  });

  it("every block type-checks (strict, as the examples)", async () => {
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    const result = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [tsc, "-p", join(outDir, "tsconfig.json")], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.setEncoding("utf8").on("data", (d: string) => {
        out += d;
      });
      child.stderr.setEncoding("utf8").on("data", (d: string) => {
        out += d;
      });
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, out }));
    });
    expect(result.out).toBe("");
    expect(result.code).toBe(0);
  });

  it.each(blocks.map((b) => [b.name, b] as const))("%s runs offline", async (_name, block) => {
    const run = await runExample(block.file, [], {
      OPENAI_API_KEY: "offline",
      OPENAI_BASE_URL: `${server.url}/v1`,
      ...databaseEnv,
    });
    // (An MCP server started by a block may log its start-up line to stderr.)
    expect(run.stderr).not.toMatch(/error|warn/i);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.length).toBeGreaterThan(0);
  });
});
