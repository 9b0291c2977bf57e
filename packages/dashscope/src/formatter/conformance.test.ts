import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type ContentBlock, Msg, type MsgRole } from "@agentscope-ts/core";
import { afterAll, describe, expect, it } from "vitest";
import { DashScopeChatFormatter } from "./dashscope-chat-formatter.js";
import { DashScopeMultiAgentFormatter } from "./dashscope-multi-agent-formatter.js";
import { defaultLocalFileReader } from "./local-file-reader.js";

interface SaverCall {
  media_type: string;
  base64_data: string;
  returns: string;
}

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
  mocks?: Record<string, { calls_in_order: SaverCall[] }>;
}

const dir = new URL("../__fixtures__/conformance/", import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort();
// The reference tests write their media files into the working directory and use `./image.png`;
// here relative paths resolve against a temporary directory through the formatter's reader.
const cwd = mkdtempSync(join(tmpdir(), "dashscope-conformance-"));
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
    case "DashScopeChatFormatter":
      return new DashScopeChatFormatter(options);
    case "DashScopeMultiAgentFormatter":
      return new DashScopeMultiAgentFormatter(options);
    default:
      throw new Error(`no formatter ${name}`);
  }
}

describe("formatter conformance with AgentScope v1.0.21", () => {
  it("covers every dashscope-* case", () => {
    expect(files.filter((f) => f.startsWith("dashscope-")).length).toBe(17);
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
      const formatter = build(testCase.formatter, {
        ...camel(testCase.options),
        saveBase64Data,
        readLocalFile,
      });
      const msgs = testCase.input.map(
        (m) =>
          new Msg({ name: m.name, role: m.role, content: m.content, metadata: m.metadata ?? null }),
      );
      const output = await formatter.format(msgs);
      expect(testCase.expected, `${file} has an expected output`).not.toBeNull();
      expect(output).toEqual(testCase.expected);
      expect(saves).toEqual(
        expectedSaves.map((s) => ({ mediaType: s.media_type, data: s.base64_data })),
      );
    });
  }
});
