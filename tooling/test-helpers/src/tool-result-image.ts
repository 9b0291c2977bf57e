import { Msg } from "@agentscope-ts/core";

/** A 1x1 PNG's first bytes, base64: the image {@link toolResultImageExchange}'s tool returns. */
export const TOOL_RESULT_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ";

/** What core's default `saveBase64Data` (`dataUrlMediaSaver`) makes of {@link TOOL_RESULT_PNG}. */
export const TOOL_RESULT_PNG_DATA_URL = `data:image/png;base64,${TOOL_RESULT_PNG}`;

/**
 * A user request, a `chart` tool call (id `call_1`, input `{kind: "bar"}`) and its result: the text
 * "Here is the chart." and {@link TOOL_RESULT_PNG} as a base64 image, the case
 * `promoteToolResultImages` moves into a user message.
 */
export function toolResultImageExchange(): Msg[] {
  return [
    new Msg("user", "Draw the chart.", "user"),
    new Msg(
      "Friday",
      [{ type: "tool_use", id: "call_1", name: "chart", input: { kind: "bar" } }],
      "assistant",
    ),
    new Msg(
      "system",
      [
        {
          type: "tool_result",
          id: "call_1",
          name: "chart",
          output: [
            { type: "text", text: "Here is the chart." },
            {
              type: "image",
              source: { type: "base64", media_type: "image/png", data: TOOL_RESULT_PNG },
            },
          ],
        },
      ],
      "system",
    ),
  ];
}
