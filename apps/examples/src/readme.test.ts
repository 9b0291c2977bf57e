import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTestServer } from "@agentscope-ts/test-server";
import { afterAll, describe, expect, it } from "vitest";
import { codeBlocks } from "./code-blocks.ts";
import { runExample } from "./run-example.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const generated = join(root, "apps", "examples", ".generated", "readme");

afterAll(async () => {
  await rm(generated, { recursive: true, force: true });
});

describe("the root README's example", () => {
  it("fails loudly when the model's server is not running (it throws, exit code 1)", async () => {
    const [example] = await codeBlocks(join(root, "README.md"));
    expect(example?.code).toContain("agent.stream(");
    await mkdir(generated, { recursive: true });
    const file = join(generated, "example.ts");
    await writeFile(file, example?.code ?? "");
    // A port nothing listens on: start a server, note its address, stop it.
    const server = await createTestServer({});
    const url = server.url;
    await server.close();
    const run = await runExample(file, [], {
      OPENAI_API_KEY: "test",
      OPENAI_BASE_URL: `${url}/v1`,
    });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/ModelError/);
    expect(run.stderr).toContain("127.0.0.1");
    expect(run.stdout).toBe("");
  });
});
