import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import {
  camelOptions,
  caseMessages,
  conformanceCases,
  recordingSaver,
} from "@agentscope-ts/test-helpers";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GeminiChatFormatter } from "./gemini-chat-formatter.js";
import { GeminiMultiAgentFormatter } from "./gemini-multi-agent-formatter.js";

// The cases use paths relative to the working directory (`./image.png`): run in a temp folder.
const cases = conformanceCases(
  new URL("../__fixtures__/conformance/", import.meta.url),
  "gemini-conformance-",
);
const { files, cwd } = cases;
const previousCwd = process.cwd();
beforeAll(() => process.chdir(cwd));
afterAll(() => {
  process.chdir(previousCwd);
  cases.cleanup();
});

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
      const testCase = cases.load(file);
      const saver = recordingSaver(testCase);
      const formatter = build(testCase.formatter, {
        ...camelOptions(testCase.options),
        saveBase64Data: saver.saveBase64Data,
      });
      const output = await formatter.format(caseMessages(testCase));
      expect(testCase.expected, `${file} has an expected output`).not.toBeNull();
      expect(output).toEqual(bytesAsBase64(testCase.expected));
      expect(saver.saves).toEqual(saver.expectedSaves);
    });
  }
});
