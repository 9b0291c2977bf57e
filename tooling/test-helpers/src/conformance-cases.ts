import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ContentBlock, Msg, type MsgRole } from "@agentscope-ts/core";

/** One recorded call of the reference's mocked media saver. */
export interface SaverCall {
  media_type: string;
  base64_data: string;
  returns: string;
}

/** One formatter case of AgentScope's test suite (the reference's `tests/formatter_*_test.py`, captured as JSON). */
export interface ConformanceCase {
  source?: string;
  formatter: string;
  options: Record<string, unknown>;
  input: {
    name: string;
    role: MsgRole;
    content: string | ContentBlock[];
    metadata?: Record<string, unknown>;
  }[];
  expected: unknown;
  /** The full output when the upstream test asserts only part of it (`expected` is null). */
  observed_output?: unknown;
  files?: Record<string, { utf8: string }>;
  mocks?: Record<string, { calls_in_order: SaverCall[] }>;
}

/** A folder of conformance cases and the temporary working directory their files go into. */
export interface ConformanceCases {
  /** The case files (`*.json`), sorted. */
  files: string[];
  /** The temporary working directory standing in for the reference test's one. */
  cwd: string;
  /** Reads a case (`{{CWD}}` replaced by {@link cwd}) and writes its files into {@link cwd}. */
  load(file: string): ConformanceCase;
  /** Removes {@link cwd}. */
  cleanup(): void;
}

/** Lists the cases in `dir` and makes a temporary working directory named after `prefix`. */
export function conformanceCases(dir: URL, prefix: string): ConformanceCases {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
  const cwd = mkdtempSync(join(tmpdir(), prefix));
  return {
    files,
    cwd,
    load(file) {
      const text = readFileSync(new URL(file, dir), "utf8").replaceAll("{{CWD}}", cwd);
      const testCase = JSON.parse(text) as ConformanceCase;
      for (const [name, spec] of Object.entries(testCase.files ?? {})) {
        writeFileSync(join(cwd, name), spec.utf8);
      }
      return testCase;
    },
    cleanup: () => rmSync(cwd, { recursive: true, force: true }),
  };
}

/** Python keyword arguments of a case's options, camelCased. */
export function camelOptions(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(options).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c) => c.toUpperCase()), v]),
  );
}

/** The case's input as messages. */
export function caseMessages(testCase: ConformanceCase): Msg[] {
  return testCase.input.map(
    (m) =>
      new Msg({ name: m.name, role: m.role, content: m.content, metadata: m.metadata ?? null }),
  );
}

/** A media saver answering as the case's mock did, and the calls it got and should have got. */
export interface RecordingSaver {
  /** The formatter's `saveBase64Data` option. */
  saveBase64Data: (mediaType: string, data: string) => string;
  /** The calls it got, in order. */
  saves: { mediaType: string; data: string }[];
  /** The calls the reference's mock recorded, in order. */
  expectedSaves: { mediaType: string; data: string }[];
}

/** A {@link RecordingSaver} for the case's mocked `save_base64_data` calls. */
export function recordingSaver(testCase: ConformanceCase): RecordingSaver {
  const calls = Object.values(testCase.mocks ?? {}).flatMap((m) => m.calls_in_order);
  const saves: { mediaType: string; data: string }[] = [];
  return {
    saveBase64Data: (mediaType, data) => {
      const next = calls[saves.length];
      saves.push({ mediaType, data });
      return next?.returns ?? `unexpected-save-${saves.length}`;
    },
    saves,
    expectedSaves: calls.map((s) => ({ mediaType: s.media_type, data: s.base64_data })),
  };
}
