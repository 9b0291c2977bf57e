import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createTestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { runCli, tempDir } from "../../test/cli-process.js";
import { closedPort } from "../../test/fixtures.js";
import { textReply } from "../../test/openai-script.js";

const RECORD_IMPORTS = pathToFileURL(
  join(import.meta.dirname, "../../test/record-imports.mjs"),
).href;

describe("providers are loaded lazily (subprocess)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  async function importsOf(name: string, args: string[], env: Record<string, string>) {
    const file = join(home.path, `${name}.imports.txt`);
    const result = await runCli(args, {
      home: home.path,
      env: { ...env, RECORD_IMPORTS_FILE: file },
      nodeArgs: ["--import", RECORD_IMPORTS],
    });
    const urls = (await readFile(file, "utf8")).split("\n").filter(Boolean);
    return { result, urls };
  }

  it("with an API key, llama.cpp is never loaded; without one, it is", async () => {
    await using server = await createTestServer({
      "/v1/chat/completions": { response: textReply("Hello from the key.") },
    });
    const port = await closedPort();
    const [withKey, withoutKey] = await Promise.all([
      importsOf("key", ["run", "--base-url", `${server.url}/v1`, "--model", "gpt-test", "hi"], {
        OPENAI_API_KEY: "test",
      }),
      importsOf("local", ["run", "--yes", "hi"], {
        AGENTSCOPE_MODEL_URL: `http://127.0.0.1:${port}/x.gguf`,
      }),
    ]);

    expect(withKey.result.code, withKey.result.stderr).toBe(0);
    expect(withKey.result.stdout).toBe("Hello from the key.\n");
    expect(withKey.urls.some((u) => /\/openai\/dist\/index\.js$/.test(u))).toBe(true);
    // (Matched on the package names, not /llama/: a checkout path may contain "ollama".)
    expect(withKey.urls.filter((u) => /llama-cpp/i.test(u))).toEqual([]);
    // Nor is the Ollama package (or its library) without an Ollama model.
    expect(withKey.urls.filter((u) => /\/ollama\/dist\//.test(u))).toEqual([]);
    // The MCP SDK is only loaded for --mcp-config.
    expect(withKey.urls.filter((u) => /modelcontextprotocol|\/mcp\/dist\//.test(u))).toEqual([]);

    // The control: the same hook sees llama.cpp being loaded when no key is set (and no OpenAI).
    expect(withoutKey.result.code).toBe(1);
    expect(withoutKey.urls.some((u) => /\/llama-cpp\/dist\/index\.js$/.test(u))).toBe(true);
    expect(withoutKey.urls.filter((u) => /\/openai\/dist\//.test(u))).toEqual([]);
  });
});
