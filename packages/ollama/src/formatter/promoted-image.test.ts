import {
  TOOL_RESULT_PNG_DATA_URL as DATA_URL,
  TOOL_RESULT_PNG as PNG,
  toolResultImageExchange,
} from "@agentscope-ts/test-helpers";
import { describe, expect, it } from "vitest";
import { OllamaChatFormatter } from "./ollama-chat-formatter.js";
import { OllamaMultiAgentFormatter } from "./ollama-multi-agent-formatter.js";

/** The tool messages and the promoted user message, with the default (`data:` URL) saver. */
const TOOL_MESSAGES = [
  {
    role: "assistant",
    content: null,
    tool_calls: [
      { id: "call_1", type: "function", function: { name: "chart", arguments: { kind: "bar" } } },
    ],
  },
  {
    role: "tool",
    tool_call_id: "call_1",
    content: `- Here is the chart.\n- The returned image can be found at: ${DATA_URL}`,
    name: "chart",
  },
  {
    role: "user",
    content: `<system-info>The following are the image contents from the tool result of 'chart':\n\n- The image from '${DATA_URL}': \n</system-info>`,
    images: [PNG],
  },
];

describe("Ollama formatters with promoteToolResultImages and the default media saver", () => {
  it("chat: sends the promoted data: URL image as its base64 in images", async () => {
    const formatter = new OllamaChatFormatter({ promoteToolResultImages: true });
    expect(await formatter.format(toolResultImageExchange())).toEqual([
      { role: "user", content: "Draw the chart." },
      ...TOOL_MESSAGES,
    ]);
  });

  it("multi-agent: its tool sequence sends the promoted image the same way", async () => {
    const formatter = new OllamaMultiAgentFormatter({ promoteToolResultImages: true });
    expect((await formatter.format(toolResultImageExchange())).slice(1)).toEqual(TOOL_MESSAGES);
  });
});
