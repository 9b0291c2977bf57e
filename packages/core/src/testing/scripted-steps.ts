import type { ScriptedResponse, ScriptedToolCall } from "./scripted-chat-model.js";

/** A scripted answer that says `text` (plus any other fields of {@link ScriptedResponse}). */
export function scriptedText(
  text: string,
  extra: Omit<ScriptedResponse, "text"> = {},
): ScriptedResponse {
  return { ...extra, text };
}

/** A scripted answer that calls one tool (plus any other fields, e.g. `text` or `id`). */
export function scriptedToolCall(
  name: string,
  input: Record<string, unknown> = {},
  extra: Omit<ScriptedResponse, "toolCalls"> & { id?: string; callId?: string } = {},
): ScriptedResponse {
  const { callId, ...rest } = extra;
  const call: ScriptedToolCall =
    callId !== undefined ? { id: callId, name, input } : { name, input };
  return { ...rest, toolCalls: [call] };
}
