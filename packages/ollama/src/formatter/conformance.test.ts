import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type ContentBlock, defaultLocalFileReader, Msg, type MsgRole } from "@agentscope-ts/core";
import { afterAll, describe, expect, it } from "vitest";
import { OllamaChatFormatter } from "./ollama-chat-formatter.js";
import { OllamaMultiAgentFormatter } from "./ollama-multi-agent-formatter.js";

interface ConformanceCase {
  source: string;
  formatter: string;
  options: Record<string, unknown>;
  input: {
    name: string;
    role: MsgRole;
    content: string | ContentBlock[];
    metadata?: Record<string, unknown>;
  }[];
  expected: unknown;
  files?: Record<string, { utf8: string }>;
}

const dir = new URL("../__fixtures__/conformance/", import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort();
// The reference's tests write their media into the working directory and use `./image.png`;
// here each case's files go into a temporary directory the reader resolves relative paths against.
const cwd = mkdtempSync(join(tmpdir(), "ollama-conformance-"));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));
const readLocalFile = (path: string) => defaultLocalFileReader(resolve(cwd, path));

/** Python keyword arguments of a case's options, camelCased. */
function camel(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(options).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c) => c.toUpperCase()), v]),
  );
}

function build(name: string, options: Record<string, unknown>) {
  switch (name) {
    case "OllamaChatFormatter":
      return new OllamaChatFormatter(options);
    case "OllamaMultiAgentFormatter":
      return new OllamaMultiAgentFormatter(options);
    default:
      throw new Error(`no formatter ${name}`);
  }
}

describe("formatter conformance with AgentScope v1.0.21", () => {
  it("covers every ollama-* case", () => {
    expect(files.filter((f) => f.startsWith("ollama-chat")).length).toBe(5);
    expect(files.filter((f) => f.startsWith("ollama-multi_agent")).length).toBe(10);
  });

  for (const file of files) {
    it(file, async () => {
      const testCase = JSON.parse(readFileSync(new URL(file, dir), "utf8")) as ConformanceCase;
      for (const [name, spec] of Object.entries(testCase.files ?? {})) {
        writeFileSync(join(cwd, name), spec.utf8);
      }
      const formatter = build(testCase.formatter, { ...camel(testCase.options), readLocalFile });
      const msgs = testCase.input.map(
        (m) =>
          new Msg({ name: m.name, role: m.role, content: m.content, metadata: m.metadata ?? null }),
      );
      const output = await formatter.format(msgs);
      expect(testCase.expected, `${file} has an expected output`).not.toBeNull();
      expect(output).toEqual(testCase.expected);
    });
  }
});
