import { ValidationError } from "../errors/validation-error.js";
import type {
  AudioBlock,
  ImageBlock,
  ToolResultOutputBlock,
  VideoBlock,
} from "../message/content-block.js";
import type { Base64MediaSaver } from "./base64-media-saver.js";

/** A media block of a tool result together with where it can be found (URL or saved path). */
export interface ToolResultMedia {
  /** The block's URL, or the location the {@link Base64MediaSaver} returned for base64 data. */
  url: string;
  /** The media block itself. */
  block: ImageBlock | AudioBlock | VideoBlock;
}

/** A tool result turned into text, for APIs whose tool results hold text only. */
export interface ToolResultText {
  /** The textual output (text blocks, plus one "can be found at" line per media block). */
  text: string;
  /** The media blocks met, in order, with their locations (for promoting them to user messages). */
  media: ToolResultMedia[];
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return JSON.stringify(value)?.slice(0, 80) ?? "an object";
  return `${typeof value} ${JSON.stringify(value)}`;
}

const WHAT = "tool result output";
const HINT =
  "A tool result's output is a string or a list of text, image, audio and video blocks; media " +
  'blocks need source = {type: "url", url} or {type: "base64", media_type, data}.';

/**
 * The text of a tool result output that holds no media (`null`/`undefined`, a string, or one text
 * block), as {@link convertToolResultToString} gives it; `undefined` for any other output.
 */
export function toolResultPlainText(output: unknown): string | undefined {
  if (output == null) return "";
  if (typeof output === "string") return output;
  const only = Array.isArray(output) && output.length === 1 ? (output[0] as unknown) : undefined;
  if (only !== null && typeof only === "object" && (only as { type?: unknown }).type === "text") {
    return (only as { text: string }).text;
  }
  return undefined;
}

/**
 * AgentScope's `convert_tool_result_to_string`: turns a tool result's output into text for APIs
 * that do not accept media in tool results. A string stays as it is; for a list, text blocks keep
 * their text and each image/audio/video block becomes `The returned <type> can be found at: <url>`,
 * where base64 data is first stored by `saveBase64Data` and its returned location is used. One
 * piece of text is returned bare; several are joined as `- ` lines. `null`/`undefined` give `""`.
 * The media met are returned too, so a formatter can promote them into a user message.
 */
export async function convertToolResultToString(
  output: string | readonly ToolResultOutputBlock[] | null | undefined,
  saveBase64Data: Base64MediaSaver,
): Promise<ToolResultText> {
  // The common case, formatted again for every step of a reply: text only.
  const plain = toolResultPlainText(output);
  if (plain !== undefined) return { text: plain, media: [] };
  if (!Array.isArray(output)) {
    throw new ValidationError(
      WHAT,
      [
        {
          path: "output",
          message: `expected a string or a list of blocks, received ${describe(output)}`,
        },
      ],
      { hint: HINT },
    );
  }

  const texts: string[] = [];
  const media: ToolResultMedia[] = [];
  for (let i = 0; i < output.length; i++) {
    const block: unknown = output[i];
    if (block === null || typeof block !== "object" || !("type" in block)) {
      throw new ValidationError(
        WHAT,
        [
          {
            path: `output[${i}]`,
            message: `expected a text, image, audio or video block, received ${describe(block)}`,
          },
        ],
        { hint: HINT },
      );
    }
    const typed = block as ToolResultOutputBlock;
    if (typed.type === "text") {
      texts.push(typed.text);
    } else if (typed.type === "image" || typed.type === "audio" || typed.type === "video") {
      const source: unknown = (typed as { source?: unknown }).source;
      if (source === null || typeof source !== "object") {
        throw new ValidationError(
          WHAT,
          [{ path: `output[${i}].source`, message: `required for a ${typed.type} block` }],
          { hint: HINT },
        );
      }
      const src = source as { type?: unknown; url?: unknown; media_type?: unknown; data?: unknown };
      let url: string;
      if (src.type === "url") {
        url = String(src.url);
      } else if (src.type === "base64") {
        url = await saveBase64Data(String(src.media_type), String(src.data));
      } else {
        throw new ValidationError(
          WHAT,
          [
            {
              path: `output[${i}].source.type`,
              message: `expected "url" or "base64", received ${describe(src.type)}`,
            },
          ],
          { hint: HINT },
        );
      }
      texts.push(`The returned ${typed.type} can be found at: ${url}`);
      media.push({ url, block: typed });
    } else {
      throw new ValidationError(
        WHAT,
        [
          {
            path: `output[${i}].type`,
            message: `unsupported block type ${describe((typed as { type: unknown }).type)}, expected "text", "image", "audio" or "video"`,
          },
        ],
        { hint: HINT },
      );
    }
  }

  const text = texts.length === 1 ? (texts[0] as string) : texts.map((t) => `- ${t}`).join("\n");
  return { text, media };
}
