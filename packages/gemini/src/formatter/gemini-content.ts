import type { Blob, Content, FunctionCall, Part, ThinkingConfig } from "@google/genai";

/** `"fooBar"` as `"foo_bar"`: an SDK field name as AgentScope writes it on the wire. */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** An SDK object type with its keys snake_cased, one level deep (values unchanged). */
export type SnakeCased<T> = { [K in keyof T as K extends string ? SnakeCase<K> : K]: T[K] };

/** The part fields whose objects `toSdkContents` camelCases one level deep. */
type NestedPartField =
  | "inlineData"
  | "fileData"
  | "functionCall"
  | "functionResponse"
  | "videoMetadata";

/** The SDK's `Part` in AgentScope's snake_case: its keys, and those of its nested data objects. */
type SnakeCasedPart = {
  [K in keyof Part as SnakeCase<K>]?: K extends NestedPartField
    ? SnakeCased<NonNullable<Part[K]>>
    : Part[K];
};

/** The SDK's `Blob` (`inline_data`) as AgentScope writes it: `{data, mime_type}`, both set. */
export type GeminiInlineData = Required<SnakeCased<Pick<Blob, "data" | "mimeType">>>;

/**
 * The SDK's `FunctionCall` as AgentScope writes it. Wire extra: `id` may be `null` (AgentScope
 * always writes `"id": null` on a formatted call; `toSdkContents` drops it for the SDK).
 */
export type GeminiFunctionCall = Omit<SnakeCased<FunctionCall>, "id"> & { id?: string | null };

/**
 * One part of a {@link GeminiContent}: the SDK's `Part` with AgentScope's snake_case keys
 * (`inline_data`, `function_call`, `function_response`, `thought_signature`…). Wire extras over
 * the SDK type: `function_call.id` may be `null`, and `text` may be `null` (AgentScope's
 * multi-agent formatter writes the text of a system message without text as `null`).
 * `thought_signature` is the base64 string the block holds, as in the SDK.
 */
export type GeminiPart = Omit<SnakeCasedPart, "text" | "function_call"> & {
  text?: string | null;
  function_call?: GeminiFunctionCall;
};

/**
 * One content of a Gemini `generateContent` request as the formatters build it and
 * `GeminiChatModel` / `GeminiTokenCounter` read it: the SDK's `Content` with its `role` set (the
 * formatters write `"user"` or `"model"`, the two the API takes) and {@link GeminiPart}s in
 * AgentScope's snake_case. `toSdkContents` turns these into the SDK's camelCase `Content[]`.
 */
export interface GeminiContent extends Omit<Content, "role" | "parts"> {
  role: string;
  parts: GeminiPart[];
}

/** Gemini's thinking config: the SDK's `ThinkingConfig`, camelCase or in Python's snake_case. */
export type GeminiThinkingConfig = ThinkingConfig | SnakeCased<ThinkingConfig>;
