import {
  array,
  type Check,
  discriminated,
  nullish,
  object,
  oneOf,
  optional,
  record,
  string,
  union,
} from "../utils/checks.js";

// The checks of a message dict and its blocks, written with core's own checkers (no zod at import;
// see utils/checks.ts). They mirror the zod schemas of `@agentscope-ts/core/zod` field for field and
// report the same issues (a test compares both over a corpus). Blocks are loose: keys a provider
// adds (e.g. a thinking `signature`) survive a round trip.

const mediaSource = discriminated("type", {
  base64: object({ type: string, media_type: string, data: string }, true),
  url: object({ type: string, url: string }, true),
});

const text = object({ type: string, text: string }, true);
const image = object({ type: string, source: mediaSource }, true);
const audio = object({ type: string, source: mediaSource }, true);
const video = object({ type: string, source: mediaSource }, true);

const toolResultOutput = union<unknown>(
  string,
  array(discriminated("type", { text, image, audio, video })),
);

/** Checks one content block, by its `type`. */
export const contentBlockCheck: Check = discriminated("type", {
  text,
  thinking: object({ type: string, thinking: string, signature: optional(string) }, true),
  tool_use: object(
    { type: string, id: string, name: string, input: record, raw_input: optional(string) },
    true,
  ),
  tool_result: object({ type: string, id: string, name: string, output: toolResultOutput }, true),
  image,
  audio,
  video,
});

/** Checks a message's content: a string or a list of blocks. */
export const msgContentCheck: Check = union<unknown>(string, array(contentBlockCheck));

/**
 * Checks a message dict as AgentScope Python writes it (`Msg.to_dict()`), with the optional
 * `invocation_id` that `Msg.from_dict()` reads; `metadata`/`timestamp` may be absent or `null`.
 */
export const msgDictCheck = object(
  {
    id: optional(string),
    name: string,
    role: oneOf(["user", "assistant", "system"]),
    content: msgContentCheck,
    metadata: nullish(record),
    timestamp: nullish(string),
    invocation_id: nullish(string),
  },
  true,
);
