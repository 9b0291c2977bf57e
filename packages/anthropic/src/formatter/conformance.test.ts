import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import {
  type ContentBlock,
  defaultLocalFileReader,
  type LocalFileReader,
  Msg,
  type MsgRole,
} from "@agentscope-ts/core";
import { afterAll, describe, expect, it } from "vitest";
import { AnthropicChatFormatter } from "./anthropic-chat-formatter.js";
import { AnthropicMultiAgentFormatter } from "./anthropic-multi-agent-formatter.js";

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
  /** The real output where the upstream test asserts only parts of it. */
  observed_output?: unknown;
  files?: Record<string, { utf8: string }>;
}

const dir = new URL("../__fixtures__/conformance/", import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort();
const cwd = mkdtempSync(join(tmpdir(), "anthropic-conformance-"));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

/** Relative paths resolve against the case's working directory, as in the upstream test. */
const readLocalFile: LocalFileReader = (path) =>
  defaultLocalFileReader(isAbsolute(path) ? path : join(cwd, path));

/** Python keyword arguments of a case's options, camelCased. */
function camel(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(options).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c) => c.toUpperCase()), v]),
  );
}

function build(name: string, options: Record<string, unknown>) {
  switch (name) {
    case "AnthropicChatFormatter":
      return new AnthropicChatFormatter(options);
    case "AnthropicMultiAgentFormatter":
      return new AnthropicMultiAgentFormatter(options);
    default:
      throw new Error(`no formatter ${name}`);
  }
}

describe("formatter conformance with AgentScope v1.0.21", () => {
  it("covers every anthropic-* case", () => {
    expect(files.filter((f) => f.startsWith("anthropic-chat")).length).toBe(6);
    expect(files.filter((f) => f.startsWith("anthropic-multiagent")).length).toBe(9);
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
      const expected = testCase.expected ?? testCase.observed_output;
      expect(expected, `${file} has an expected output`).toBeDefined();
      expect(expected).not.toBeNull();
      expect(output).toEqual(expected);
    });
  }
});
