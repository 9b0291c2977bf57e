import { resolve } from "node:path";
import {
  camelOptions,
  caseMessages,
  conformanceCases,
  recordingSaver,
} from "@agentscope-ts/test-helpers";
import { afterAll, describe, expect, it } from "vitest";
import { DashScopeChatFormatter } from "./dashscope-chat-formatter.js";
import { DashScopeMultiAgentFormatter } from "./dashscope-multi-agent-formatter.js";
import { defaultLocalFileReader } from "./local-file-reader.js";

// The reference tests write their media files into the working directory and use `./image.png`;
// here relative paths resolve against a temporary directory through the formatter's reader.
const cases = conformanceCases(
  new URL("../__fixtures__/conformance/", import.meta.url),
  "dashscope-conformance-",
);
const { files, cwd } = cases;
afterAll(cases.cleanup);
const readLocalFile = (path: string) => defaultLocalFileReader(resolve(cwd, path));

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
      const testCase = cases.load(file);
      const saver = recordingSaver(testCase);
      const formatter = build(testCase.formatter, {
        ...camelOptions(testCase.options),
        saveBase64Data: saver.saveBase64Data,
        readLocalFile,
      });
      const output = await formatter.format(caseMessages(testCase));
      expect(testCase.expected, `${file} has an expected output`).not.toBeNull();
      expect(output).toEqual(testCase.expected);
      expect(saver.saves).toEqual(saver.expectedSaves);
    });
  }
});
