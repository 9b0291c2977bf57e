import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startOtlpReceiver } from "@agentscope-ts/otel/testing";
import { createTestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { runCli, tempDir } from "../../test/cli-process.js";
import { textReply, toolCallReply } from "../../test/openai-script.js";

const CHAT = "/v1/chat/completions";
const RECORD_IMPORTS = pathToFileURL(
  join(import.meta.dirname, "../../test/record-imports.mjs"),
).href;

describe("agentscope --trace (subprocess, OTLP receiver in the test)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    await home.cleanup();
  });

  it("sends the run's agent, model, formatter and tool spans to the --trace URL", async () => {
    const notes = join(home.path, "notes.txt");
    await writeFile(notes, "remember the milk\n");
    const receiver = await startOtlpReceiver();
    try {
      await using server = await createTestServer({
        [CHAT]: {
          response: [
            toolCallReply("view_text_file", { file_path: notes }, { callId: "call_view" }),
            textReply("The note says: remember the milk.", {
              usage: { prompt_tokens: 50, completion_tokens: 8 },
            }),
          ],
        },
      });
      const result = await runCli(
        [
          "run",
          "--model",
          "openai:gpt-test",
          "--base-url",
          `${server.url}/v1`,
          "--trace",
          receiver.url,
          "What is in my notes?",
        ],
        { home: home.path, env: { OPENAI_API_KEY: "sk-test-secret" } },
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain("remember the milk");
      // The CLI flushed before exiting: everything is there already.
      const names = receiver.spans.map((s) => s.name).sort();
      expect(names).toEqual(
        [
          "chat gpt-test",
          "chat gpt-test",
          "execute_tool view_text_file",
          "format openai",
          "format openai",
          "invoke_agent Friday",
        ].sort(),
      );
      const agent = receiver.spans.find((s) => s.name === "invoke_agent Friday");
      for (const span of receiver.spans) {
        expect(span.serviceName).toBe("agentscope-cli");
        expect(span.traceId).toBe(agent?.traceId);
        if (span !== agent) expect(span.parentSpanId).toBe(agent?.spanId);
      }
      const chat = receiver.spans.filter((s) => s.name === "chat gpt-test");
      expect(chat[1]?.attributes).toMatchObject({
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": "gpt-test",
        "gen_ai.usage.input_tokens": 50,
        "gen_ai.usage.output_tokens": 8,
      });
      expect(JSON.stringify(receiver.spans)).not.toContain("sk-test-secret");
      expect(JSON.stringify(receiver.spans)).not.toContain("remember the milk");
    } finally {
      await receiver.close();
    }
  });

  it("uses OTEL_EXPORTER_OTLP_ENDPOINT (and _HEADERS) without the flag, and rejects a bad URL with exit code 2", async () => {
    const receiver = await startOtlpReceiver();
    try {
      await using server = await createTestServer({ [CHAT]: { response: [textReply("Hi.")] } });
      const base = [
        "run",
        "--no-tools",
        "--model",
        "openai:gpt-test",
        "--base-url",
        `${server.url}/v1`,
      ];
      const result = await runCli([...base, "hello"], {
        home: home.path,
        env: {
          OPENAI_API_KEY: "test",
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
          OTEL_SERVICE_NAME: "mine",
          OTEL_EXPORTER_OTLP_HEADERS: "authorization=Basic%20dGVzdA==",
        },
      });
      expect(result.code, result.stderr).toBe(0);
      expect(receiver.spans.map((s) => s.name).sort()).toEqual([
        "chat gpt-test",
        "format openai",
        "invoke_agent Friday",
      ]);
      expect(receiver.spans[0]?.serviceName).toBe("mine");
      // OTLP headers from the environment (Langfuse's Basic auth) go on the export requests.
      expect(receiver.headers[0]?.authorization).toBe("Basic dGVzdA==");
      expect(JSON.stringify(receiver.spans)).not.toContain("dGVzdA");

      const bad = await runCli([...base, "--trace", "localhost:4318", "hello"], {
        home: home.path,
        env: { OPENAI_API_KEY: "test" },
      });
      expect(bad.code).toBe(2);
      expect(bad.stderr.trim()).toBe(
        'agentscope: --trace "localhost:4318" is not an OTLP/HTTP URL: give one like http://localhost:4318',
      );
    } finally {
      await receiver.close();
    }
  });

  it("loads the OpenTelemetry SDK only when tracing is asked for", async () => {
    const receiver = await startOtlpReceiver();
    try {
      await using server = await createTestServer({
        [CHAT]: { response: [textReply("One."), textReply("Two.")] },
      });
      const importsOf = async (name: string, extra: string[]) => {
        const file = join(home.path, `${name}.imports.txt`);
        const result = await runCli(
          [
            "run",
            "--no-tools",
            "--model",
            "openai:gpt-test",
            "--base-url",
            `${server.url}/v1`,
            ...extra,
            "hi",
          ],
          {
            home: home.path,
            env: { OPENAI_API_KEY: "test", RECORD_IMPORTS_FILE: file },
            nodeArgs: ["--import", RECORD_IMPORTS],
          },
        );
        expect(result.code, result.stderr).toBe(0);
        return (await readFile(file, "utf8")).split("\n").filter(Boolean);
      };
      const off = await importsOf("off", []);
      expect(off.filter((u) => /opentelemetry|\/otel\/dist\//.test(u))).toEqual([]);
      const on = await importsOf("on", ["--trace", receiver.url]);
      expect(on.some((u) => /\/otel\/dist\/index\.js$/.test(u))).toBe(true);
      expect(on.some((u) => /@opentelemetry\/sdk-node/.test(u))).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});
