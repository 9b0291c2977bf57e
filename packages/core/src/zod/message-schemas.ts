import { z } from "zod";
import type {
  AudioBlock,
  ContentBlock,
  ImageBlock,
  MediaSource,
  TextBlock,
  ThinkingBlock,
  ToolUseBlock,
  VideoBlock,
} from "../message/content-block.js";

// Blocks are loose objects: keys a provider adds (e.g. a thinking `signature`) survive a round trip.

/** Schema of a base64 media source. */
export const base64SourceSchema = z.looseObject({
  type: z.literal("base64"),
  media_type: z.string(),
  data: z.string(),
});

/** Schema of a URL media source. */
export const urlSourceSchema = z.looseObject({
  type: z.literal("url"),
  url: z.string(),
});

/** Schema of a media source (base64 or URL). */
export const mediaSourceSchema: z.ZodType<MediaSource> = z.discriminatedUnion("type", [
  base64SourceSchema,
  urlSourceSchema,
]);

/** Schema of a text block. */
export const textBlockSchema = z.looseObject({ type: z.literal("text"), text: z.string() });
/** Schema of a thinking block. */
export const thinkingBlockSchema = z.looseObject({
  type: z.literal("thinking"),
  thinking: z.string(),
  signature: z.string().optional(),
});
/** Schema of an image block. */
export const imageBlockSchema = z.looseObject({
  type: z.literal("image"),
  source: mediaSourceSchema,
});
/** Schema of an audio block. */
export const audioBlockSchema = z.looseObject({
  type: z.literal("audio"),
  source: mediaSourceSchema,
});
/** Schema of a video block. */
export const videoBlockSchema = z.looseObject({
  type: z.literal("video"),
  source: mediaSourceSchema,
});
/** Schema of a tool-use block. */
export const toolUseBlockSchema = z.looseObject({
  type: z.literal("tool_use"),
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
  raw_input: z.string().optional(),
});
/** Schema of a tool-result block. */
export const toolResultBlockSchema = z.looseObject({
  type: z.literal("tool_result"),
  id: z.string(),
  name: z.string(),
  output: z.union([
    z.string(),
    z.array(
      z.discriminatedUnion("type", [
        textBlockSchema,
        imageBlockSchema,
        audioBlockSchema,
        videoBlockSchema,
      ]),
    ),
  ]),
});

/** Schema of any content block, discriminated by `type`. */
export const contentBlockSchema: z.ZodType<ContentBlock> = z.discriminatedUnion("type", [
  textBlockSchema,
  thinkingBlockSchema,
  toolUseBlockSchema,
  toolResultBlockSchema,
  imageBlockSchema,
  audioBlockSchema,
  videoBlockSchema,
]);

/** Schema of a message's role. */
export const roleSchema = z.enum(["user", "assistant", "system"]);

/** Schema of a message's content: a string or a list of blocks. */
export const msgContentSchema = z.union([z.string(), z.array(contentBlockSchema)]);

/**
 * Schema of a message dict as AgentScope Python writes it (`Msg.to_dict()`), also accepting the
 * optional `invocation_id` that `Msg.from_dict()` reads. `id`, `metadata` and `timestamp` may be
 * absent (they are filled in), or `null` for metadata/timestamp as Python allows.
 */
export const msgDictSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string(),
  role: roleSchema,
  content: msgContentSchema,
  metadata: z.record(z.string(), z.unknown()).nullish(),
  timestamp: z.string().nullish(),
  invocation_id: z.string().nullish(),
});

// Compile-time checks that schemas and the hand-written block types agree.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Strip<T> = { [K in keyof T as string extends K ? never : K]: T[K] };
const _agree: [
  Same<Strip<z.output<typeof textBlockSchema>>, TextBlock>,
  Same<Strip<z.output<typeof thinkingBlockSchema>>, ThinkingBlock>,
  Same<Strip<z.output<typeof imageBlockSchema>>, ImageBlock>,
  Same<Strip<z.output<typeof audioBlockSchema>>, AudioBlock>,
  Same<Strip<z.output<typeof videoBlockSchema>>, VideoBlock>,
  Same<Strip<z.output<typeof toolUseBlockSchema>>, ToolUseBlock>,
] = [true, true, true, true, true, true];
void _agree;
