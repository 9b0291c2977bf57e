import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { startCli, tempDir } from "../../test/cli-process.js";
import { requestMessages, requestToolNames, textReply } from "../../test/openai-script.js";

const CHAT = "/v1/chat/completions";
const EMBEDDINGS = "/v1/embeddings";
const DIMS = 1536;

// A word-hashing embedding, so texts sharing words are close (what a real model does, roughly).
function embed(text: string): number[] {
  const v = new Array<number>(DIMS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let h = 2166136261;
    for (const c of word) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
    v[(h >>> 0) % DIMS]! += 1;
  }
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
}

function embeddingsRoute() {
  return {
    response: ({ call }: { call: { body: unknown } }) => {
      const input = (call.body as { input: string | string[] }).input;
      const inputs = Array.isArray(input) ? input : [input];
      return {
        type: "json" as const,
        body: {
          object: "list",
          data: inputs.map((text, index) => ({
            object: "embedding",
            index,
            embedding: embed(text),
          })),
          model: "text-embedding-3-small",
          usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
        },
      };
    },
  };
}

const embeddedInputs = (server: TestServer) =>
  server.callsTo(EMBEDDINGS).flatMap((c) => {
    const input = (c.body as { input: string | string[] }).input;
    return Array.isArray(input) ? input : [input];
  });

describe("agentscope chat --knowledge (subprocess, replay server)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  let docs: string;
  beforeAll(async () => {
    home = await tempDir();
    docs = join(home.path, "docs");
    await mkdir(join(docs, "sub"), { recursive: true });
    await writeFile(join(docs, "vault.md"), "The vault code is 4417. Lunch is at noon.");
    await writeFile(join(docs, "sub", "parking.txt"), "Parking is free on Sundays.");
    await writeFile(join(docs, "image.bin"), "not a document");
  });
  afterAll(async () => {
    await home.cleanup();
  });

  const run = async (server: TestServer) => {
    const cli = startCli(
      [
        "--model",
        "openai:gpt-test",
        "--base-url",
        `${server.url}/v1`,
        "--no-tools",
        "--knowledge",
        docs,
      ],
      { home: home.path, env: { OPENAI_API_KEY: "test" } },
    );
    cli.send("What is the vault code?");
    cli.end();
    expect(await cli.exited).toBe(0);
    return cli;
  };

  it("ingests the folder, retrieves before reasoning and offers retrieve_knowledge", async () => {
    await using server = await createTestServer({
      [EMBEDDINGS]: embeddingsRoute(),
      [CHAT]: {
        response: [textReply('{"rewritten_query": "vault code"}'), textReply("It is 4417.")],
      },
    });
    const cli = await run(server);
    expect(cli.stderr()).toContain(
      "knowledge: 2 file(s), 2 embedded (3 chunks), 0 unchanged, with openai:text-embedding-3-small",
    );
    expect(cli.stdout()).toContain("Friday: It is 4417.");
    // The chunks, then the rewritten query, were embedded.
    expect(embeddedInputs(server)).toEqual([
      "Parking is free on Sundays.",
      "The vault code is 4417.",
      "Lunch is at noon.",
      "vault code",
    ]);
    const [, answer] = server.callsTo(CHAT);
    expect(requestToolNames(answer?.body)).toContain("retrieve_knowledge");
    const retrieved = requestMessages(answer?.body).find((m) =>
      JSON.stringify(m.content).includes("<retrieved_knowledge>"),
    );
    expect(JSON.stringify(retrieved?.content)).toContain("The vault code is 4417.");
    const text = JSON.stringify(retrieved?.content);
    expect(text.indexOf("The vault code is 4417.")).toBeLessThan(text.indexOf("Parking is free"));
  });

  it("reuses unchanged files on the next run and re-embeds a changed one", async () => {
    await using server = await createTestServer({
      [EMBEDDINGS]: embeddingsRoute(),
      [CHAT]: { response: [textReply('{"rewritten_query": "vault code"}'), textReply("4417.")] },
    });
    const first = await run(server);
    expect(first.stderr()).toContain("2 file(s), 0 embedded (0 chunks), 2 unchanged");
    expect(embeddedInputs(server)).toEqual(["vault code"]);

    server.reset();
    await writeFile(join(docs, "sub", "parking.txt"), "Parking costs 2 euros.");
    const second = await run(server);
    expect(second.stderr()).toContain("2 file(s), 1 embedded (1 chunks), 1 unchanged");
    expect(embeddedInputs(server).slice(-2)).toEqual(["Parking costs 2 euros.", "vault code"]);
    const [, answer] = server.callsTo(CHAT).slice(-2);
    const prompt = JSON.stringify(requestMessages(answer?.body));
    expect(prompt).toContain("Parking costs 2 euros.");
    expect(prompt).not.toContain("Parking is free on Sundays.");
  });

  it("refuses a missing path with a usage error", async () => {
    await using server = await createTestServer({ [EMBEDDINGS]: embeddingsRoute() });
    const cli = startCli(
      [
        "--model",
        "openai:gpt-test",
        "--base-url",
        `${server.url}/v1`,
        "--knowledge",
        join(docs, "nope"),
      ],
      { home: home.path, env: { OPENAI_API_KEY: "test" } },
    );
    cli.end();
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toContain("no such file or folder");
  });
});
