import { Msg, ValidationError } from "@agentscope-ts/core";
import {
  TOOL_RESULT_PNG_DATA_URL as DATA_URL,
  TOOL_RESULT_PNG as PNG,
  toolResultImageExchange as toolExchange,
} from "@agentscope-ts/test-helpers";
import { describe, expect, it } from "vitest";
import { GeminiChatFormatter } from "./gemini-chat-formatter.js";
import { GeminiMultiAgentFormatter } from "./gemini-multi-agent-formatter.js";

/** The function response and the promoted user content, with the default (`data:` URL) saver. */
const TOOL_CONTENTS = [
  { role: "model", parts: [{ function_call: { id: null, name: "chart", args: { kind: "bar" } } }] },
  {
    role: "user",
    parts: [
      {
        function_response: {
          id: "call_1",
          name: "chart",
          response: {
            output: `- Here is the chart.\n- The returned image can be found at: ${DATA_URL}`,
          },
        },
      },
    ],
  },
  {
    role: "user",
    parts: [
      {
        text: "<system-info>The following are the image contents from the tool result of 'chart':",
      },
      { text: `\n- The image from '${DATA_URL}': ` },
      { inline_data: { data: PNG, mime_type: "image/png" } },
      { text: "</system-info>" },
    ],
  },
];

describe("Gemini formatters with promoteToolResultImages and the default media saver", () => {
  it("chat: sends the promoted data: URL image as inline_data", async () => {
    const formatter = new GeminiChatFormatter({ promoteToolResultImages: true });
    expect(await formatter.format(toolExchange())).toEqual([
      { role: "user", parts: [{ text: "Draw the chart." }] },
      ...TOOL_CONTENTS,
    ]);
  });

  it("multi-agent: its tool sequence sends the promoted image as inline_data", async () => {
    const formatter = new GeminiMultiAgentFormatter({ promoteToolResultImages: true });
    const formatted = await formatter.format(toolExchange());
    expect(formatted.slice(1)).toEqual(TOOL_CONTENTS);
  });

  it("chat: a user image given as a data: URL (base64 or percent-encoded) is inlined", async () => {
    const formatter = new GeminiChatFormatter();
    const msg = new Msg(
      "user",
      [
        { type: "image", source: { type: "url", url: DATA_URL } },
        { type: "audio", source: { type: "url", url: "data:audio/wav,RIFF%00%ff" } },
      ],
      "user",
    );
    expect(await formatter.format([msg])).toEqual([
      {
        role: "user",
        parts: [
          { inline_data: { data: PNG, mime_type: "image/png" } },
          { inline_data: { data: "UklGRgD/", mime_type: "audio/wav" } },
        ],
      },
    ]);
  });

  it("chat: a data: URL without a media type is a ValidationError naming source.url", async () => {
    const formatter = new GeminiChatFormatter();
    const msg = new Msg(
      "user",
      [{ type: "image", source: { type: "url", url: "data:;base64,AAAA" } }],
      "user",
    );
    const error = await formatter.format([msg]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toBe("source.url");
    expect(String((error as Error).message)).toMatch(/data: URL without a media type/);
  });
});
