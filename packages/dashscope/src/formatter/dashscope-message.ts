// The request messages of DashScope's native generation APIs (`input.messages` of the text- and
// multimodal-generation endpoints), from DashScope's API reference, as AgentScope v1.0.21 sends
// them. DashScope has no TypeScript SDK: the package speaks its HTTP API, so these types are the
// package's own.

/** A text part of a message's content. */
export interface DashScopeTextPart {
  text: string;
}

/** An image part: a URL, a local path the server can read, or a base64 `data:` URL. */
export interface DashScopeImagePart {
  image: string;
}

/** An audio part (Qwen-Audio, Omni): a URL or a base64 `data:` URL. */
export interface DashScopeAudioPart {
  audio: string;
}

/** A video part: a video URL, or (API only; the formatters send one URL) a list of frame images. */
export interface DashScopeVideoPart {
  video: string | string[];
}

/** One part of a DashScope message's content: `{text}`, `{image}`, `{audio}` or `{video}`. */
export type DashScopeContentPart =
  | DashScopeTextPart
  | DashScopeImagePart
  | DashScopeAudioPart
  | DashScopeVideoPart;

/** A tool call of an assistant message, in the OpenAI function format DashScope uses. */
export interface DashScopeToolCall {
  id: string;
  type: "function";
  function: {
    name: string;
    /** The arguments as a JSON string (AgentScope writes them with Python's `json.dumps`). */
    arguments: string;
  };
}

/**
 * A system, user or assistant message. Content is a string (all-text content joined, what both
 * APIs take) or a list of parts; an assistant message that only calls tools keeps an empty list
 * (Qwen-VL fails on a missing or `null` content). Two wire forms beyond the API reference, kept as
 * AgentScope sends them: the multi-agent formatter sends a system `Msg` without text as `null`
 * content, and the chat formatter puts `tool_calls` on whichever message has tool-use blocks
 * (the API reads them on assistant messages).
 */
export interface DashScopeChatMessage {
  role: "system" | "user" | "assistant";
  content: string | DashScopeContentPart[] | null;
  tool_calls?: DashScopeToolCall[];
}

/** A tool result: its text, the id of the call it answers and the tool's name. */
export interface DashScopeToolMessage {
  role: "tool";
  content: string;
  tool_call_id: string;
  name: string;
}

/** One message of a DashScope generation request, as the formatters build it and the model reads it. */
export type DashScopeMessage = DashScopeChatMessage | DashScopeToolMessage;
