import { isAbsolute, join } from "node:path";
import { defaultLocalFileReader, type LocalFileReader } from "@agentscope-ts/core";
import { camelOptions, caseMessages, conformanceCases } from "@agentscope-ts/test-helpers";
import { afterAll, describe, expect, it } from "vitest";
import { AnthropicChatFormatter } from "./anthropic-chat-formatter.js";
import { AnthropicMultiAgentFormatter } from "./anthropic-multi-agent-formatter.js";

const cases = conformanceCases(
  new URL("../__fixtures__/conformance/", import.meta.url),
  "anthropic-conformance-",
);
const { files, cwd } = cases;
afterAll(cases.cleanup);

/** Relative paths resolve against the case's working directory, as in the upstream test. */
const readLocalFile: LocalFileReader = (path) =>
  defaultLocalFileReader(isAbsolute(path) ? path : join(cwd, path));

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
      const testCase = cases.load(file);
      const formatter = build(testCase.formatter, {
        ...camelOptions(testCase.options),
        readLocalFile,
      });
      const output = await formatter.format(caseMessages(testCase));
      const expected = testCase.expected ?? testCase.observed_output;
      expect(expected, `${file} has an expected output`).toBeDefined();
      expect(expected).not.toBeNull();
      expect(output).toEqual(expected);
    });
  }
});
