import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createTestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { runCli, tempDir } from "../../test/cli-process.js";

const RECORD_IMPORTS = pathToFileURL(
  join(import.meta.dirname, "../../test/record-imports.mjs"),
).href;

/** A Gemini `streamGenerateContent` answer in two text chunks. */
const geminiReply = (text: string[]) =>
  text.map((piece, i) => ({
    candidates: [
      {
        content: { role: "model", parts: [{ text: piece }] },
        index: 0,
        ...(i === text.length - 1 ? { finishReason: "STOP" } : {}),
      },
    ],
    usageMetadata: { promptTokenCount: 12, totalTokenCount: 20 },
    responseId: "cli-gemini-1",
  }));

describe("the gemini provider runs on @agentscope-ts/gemini (subprocess)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it("answers through the native Gemini API with GEMINI_API_KEY, loading no OpenAI SDK", async () => {
    await using server = await createTestServer({
      "/v1/models/gemini-test:streamGenerateContent": {
        response: {
          type: "stream",
          format: "gemini",
          chunks: geminiReply(["Hello from ", "Gemini."]),
        },
      },
    });
    const file = join(home.path, "gemini.imports.txt");
    const result = await runCli(
      [
        "run",
        "--base-url",
        server.url,
        "--max-tokens",
        "64",
        "--model",
        "gemini:gemini-test",
        "hi",
      ],
      {
        home: home.path,
        env: { GEMINI_API_KEY: "g-key", RECORD_IMPORTS_FILE: file },
        nodeArgs: ["--import", RECORD_IMPORTS],
      },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("Hello from Gemini.\n");

    const call = server.calls[0]!;
    expect(call.headers["x-goog-api-key"]).toBe("g-key");
    expect(call.searchParams.get("alt")).toBe("sse");
    const body = call.body as { contents: { role: string; parts: { text: string }[] }[] };
    expect(body).toMatchObject({ generationConfig: { maxOutputTokens: 64 } });
    expect(body.contents.at(-1)).toEqual({ role: "user", parts: [{ text: "hi" }] });

    const urls = (await readFile(file, "utf8")).split("\n").filter(Boolean);
    expect(urls.some((u) => /\/gemini\/dist\/index\.js$/.test(u))).toBe(true);
    expect(urls.filter((u) => /\/openai\/dist\//.test(u))).toEqual([]);
  });
});
