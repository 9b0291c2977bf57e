import { resolve } from "node:path";
import { defaultLocalFileReader } from "@agentscope-ts/core";
import { camelOptions, caseMessages, conformanceCases } from "@agentscope-ts/test-helpers";
import { afterAll, describe, expect, it } from "vitest";
import { OllamaChatFormatter } from "./ollama-chat-formatter.js";
import { OllamaMultiAgentFormatter } from "./ollama-multi-agent-formatter.js";

// The reference's tests write their media into the working directory and use `./image.png`;
// here each case's files go into a temporary directory the reader resolves relative paths against.
const cases = conformanceCases(
  new URL("../__fixtures__/conformance/", import.meta.url),
  "ollama-conformance-",
);
const { files, cwd } = cases;
afterAll(cases.cleanup);
const readLocalFile = (path: string) => defaultLocalFileReader(resolve(cwd, path));

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

  // Both ways of sending thinking back must give the reference's output on its own cases.
  for (const thinkingAsText of [true, false]) {
    for (const file of files) {
      it(`${file} (thinkingAsText: ${thinkingAsText})`, async () => {
        const testCase = cases.load(file);
        const formatter = build(testCase.formatter, {
          ...camelOptions(testCase.options),
          readLocalFile,
          thinkingAsText,
        });
        const output = await formatter.format(caseMessages(testCase));
        expect(testCase.expected, `${file} has an expected output`).not.toBeNull();
        expect(output).toEqual(testCase.expected);
      });
    }
  }
});
