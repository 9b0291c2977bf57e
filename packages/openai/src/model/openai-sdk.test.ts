import { spawn } from "node:child_process";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { wireJson } from "../__fixtures__/wire-fixtures.js";

// The `openai` SDK loads with the first client, not at `import` (its import is most of this
// package's). Checked on the built entry in fresh processes: a vitest worker has long loaded it.
const entry = new URL("../../dist/index.js", import.meta.url).href;
const internalEntry = new URL("../../dist/internal.js", import.meta.url).href;

// Runs in the child: counts the SDK's files as they load (import and require alike), then runs
// the steps and prints what it saw as one JSON line.
const script = (steps: string) => `
import { registerHooks } from "node:module";
let sdkFiles = 0;
registerHooks({
  load(url, context, next) {
    if (url.includes("/node_modules/openai/")) sdkFiles++;
    return next(url, context);
  },
});
const out = {};
const { OpenAIChatModel } = await import(${JSON.stringify(entry)});
out.afterImport = sdkFiles;
const model = new OpenAIChatModel({
  modelName: "gpt-4.1-nano", apiKey: "k", baseURL: process.env.BASE_URL, stream: false,
});
out.afterConstruct = sdkFiles;
${steps}
process.stdout.write(JSON.stringify(out));
`;

/** Runs `steps` in a fresh Node process (with `flags`) and returns what it printed. */
function runChild(steps: string, flags: string[], baseURL = "http://127.0.0.1:9/v1") {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const child = spawn(process.execPath, [...flags, "--input-type=module", "-e", script(steps)], {
      env: { ...process.env, BASE_URL: baseURL },
      timeout: 30_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`child exited with ${code}: ${stderr}`));
      else resolve({ ...JSON.parse(stdout), stderr });
    });
  });
}

describe("the openai SDK loads with the first client", () => {
  it("not at import; synchronously in the constructor where Node can require ESM", async () => {
    const seen = await runChild(
      `const { default: OpenAI } = await import("openai");
       out.sameClass = model.client instanceof OpenAI;
       out.filesAfterUserImport = sdkFiles;`,
      [],
    );
    expect(seen.afterImport).toBe(0);
    expect(seen.afterConstruct).toBeGreaterThan(50);
    // The user's own `import "openai"` finds the same module instance: nothing loads twice.
    expect(seen.sameClass).toBe(true);
    expect(seen.filesAfterUserImport).toBe(seen.afterConstruct);
    // No experimental warning (or anything else) printed on the way.
    expect(seen.stderr).toBe("");
  });

  it("where it cannot, before the first request: `client` is a StateError until then", async () => {
    await using server = await createTestServer({
      "/v1/chat/completions": { response: { type: "json", body: wireJson("openai-text") } },
    });
    const seen = await runChild(
      `try { model.client; out.early = "no error"; } catch (e) { out.early = e.code + ": " + e.message; }
       const internal = await import(${JSON.stringify(internalEntry)});
       try { internal.createOpenAIClient({ apiKey: "k" }, "T"); out.internalEarly = "no error"; }
       catch (e) { out.internalEarly = e.code + ": " + e.message; }
       const built = internal.createOpenAIClient({ apiKey: "k" }, "T", await internal.loadOpenAISdk());
       const reply = await model.call([{ role: "user", content: "Hi" }]);
       out.text = reply.content.find((b) => b.type === "text")?.text;
       const { default: OpenAI } = await import("openai");
       out.sameClass = model.client instanceof OpenAI;
       out.internalSameClass = built instanceof OpenAI;`,
      ["--no-experimental-require-module"],
      `${server.url}/v1`,
    );
    expect(seen.afterImport).toBe(0);
    // Node reads the entry file before it refuses to `require` it; nothing of it runs.
    expect(seen.afterConstruct).toBeLessThanOrEqual(1);
    expect(seen.early).toMatch(/^state: OpenAIChatModel\.client: .*first call/);
    expect(seen.text).toBe(
      (wireJson("openai-text") as { choices: { message: { content: string } }[] }).choices[0]
        ?.message.content,
    );
    expect(seen.sameClass).toBe(true);
    expect(server.calls).toHaveLength(1);
    // `/internal`'s client builder says how to load the SDK, then builds on the loaded one.
    expect(seen.internalEarly).toMatch(/^state: .*await loadOpenAISdk\(\)/);
    expect(seen.internalSameClass).toBe(true);
  });

  it("where it cannot, a client the user passes in still reads stream errors as the SDK's", async () => {
    const chunks = [
      { id: "e1", choices: [{ index: 0, delta: { content: "Hel" } }] },
      { error: { message: "The server is overloaded", type: "server_error" } },
    ];
    await using server = await createTestServer({
      "/v1/chat/completions": { response: { type: "stream", format: "openai", chunks } },
    });
    const seen = await runChild(
      `const { default: OpenAI } = await import("openai");
       const client = new OpenAI({ apiKey: "k", baseURL: process.env.BASE_URL, maxRetries: 0 });
       const own = new OpenAIChatModel({ modelName: "gpt-4.1-nano", client, maxRetries: 0 });
       out.sameClient = own.client === client;
       try {
         for await (const _ of own.stream([{ role: "user", content: "Hi" }])) {}
         out.error = "none";
       } catch (e) { out.error = e.name + ": " + e.message; }`,
      ["--no-experimental-require-module"],
      `${server.url}/v1`,
    );
    expect(seen.sameClient).toBe(true);
    expect(seen.error).toMatch(/^ModelError: .*broke off after 1 chunk.*The server is overloaded/);
  });
});
