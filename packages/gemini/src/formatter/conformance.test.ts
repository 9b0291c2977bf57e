import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ContentBlock, Msg, type MsgRole } from "@agentscope-ts/core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GeminiChatFormatter } from "./gemini-chat-formatter.js";
import { GeminiMultiAgentFormatter } from "./gemini-multi-agent-formatter.js";

interface SaverCall {
  media_type: string;
  base64_data: string;
  returns: string;
}

interface ConformanceCase {
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
  mocks?: Record<string, { calls_in_order: SaverCall[] }>;
}

const dir = new URL("../__fixtures__/conformance/", import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort();
// The cases use paths relative to the working directory (`./image.png`): run in a temp folder.
const cwd = mkdtempSync(join(tmpdir(), "gemini-conformance-"));
const previousCwd = process.cwd();
beforeAll(() => process.chdir(cwd));
afterAll(() => {
  process.chdir(previousCwd);
  rmSync(cwd, { recursive: true, force: true });
});

/** Python keyword arguments of a case's options, camelCased. */
function camel(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(options).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c) => c.toUpperCase()), v]),
  );
}

/**
 * Python writes `thought_signature` as bytes, recorded `{"$bytes_base64": …}`; our formatted JSON
 * carries the same bytes as that base64 string (what the block holds and the SDK sends).
 */
function bytesAsBase64(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(bytesAsBase64);
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.$bytes_base64 === "string") return record.$bytes_base64;
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, bytesAsBase64(v)]));
  }
  return value;
}

function build(name: string, options: Record<string, unknown>) {
  switch (name) {
    case "GeminiChatFormatter":
      return new GeminiChatFormatter(options);
    case "GeminiMultiAgentFormatter":
      return new GeminiMultiAgentFormatter(options);
    default:
      throw new Error(`no formatter ${name}`);
  }
}

describe("formatter conformance with AgentScope v1.0.21", () => {
  afterEach(() => {
    for (const f of readdirSync(cwd)) rmSync(join(cwd, f), { force: true });
  });

  it("covers every gemini-* case", () => {
    expect(files.filter((f) => f.startsWith("gemini-chat_")).length).toBe(5);
    expect(files.filter((f) => f.startsWith("gemini-multi_agent_")).length).toBe(10);
  });

  it("carries thought_signature bytes as their base64 string", () => {
    expect(bytesAsBase64({ a: [{ $bytes_base64: "c2lnXzE=", $bytes_utf8: "sig_1" }] })).toEqual({
      a: ["c2lnXzE="],
    });
  });

  for (const file of files) {
    it(file, async () => {
      const testCase = JSON.parse(readFileSync(new URL(file, dir), "utf8")) as ConformanceCase;
      for (const [name, spec] of Object.entries(testCase.files ?? {})) {
        writeFileSync(join(cwd, name), spec.utf8);
      }
      const expectedSaves = Object.values(testCase.mocks ?? {}).flatMap((m) => m.calls_in_order);
      const saves: { mediaType: string; data: string }[] = [];
      const saveBase64Data = (mediaType: string, data: string) => {
        const next = expectedSaves[saves.length];
        saves.push({ mediaType, data });
        return next?.returns ?? `unexpected-save-${saves.length}`;
      };
      const formatter = build(testCase.formatter, { ...camel(testCase.options), saveBase64Data });
      const msgs = testCase.input.map(
        (m) =>
          new Msg({ name: m.name, role: m.role, content: m.content, metadata: m.metadata ?? null }),
      );
      const output = await formatter.format(msgs);
      expect(testCase.expected, `${file} has an expected output`).not.toBeNull();
      expect(output).toEqual(bytesAsBase64(testCase.expected));
      expect(saves).toEqual(
        expectedSaves.map((s) => ({ mediaType: s.media_type, data: s.base64_data })),
      );
    });
  }
});
