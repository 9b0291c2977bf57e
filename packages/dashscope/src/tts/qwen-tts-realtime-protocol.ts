import { shortUuid } from "@agentscope-ts/core";
import { DashScopeError } from "../model/dashscope-error.js";

/** The path of DashScope's realtime WebSocket (Qwen-TTS realtime), under the base; `?model=` follows. */
export const REALTIME_WEBSOCKET_PATH = "/realtime";

/** A client event of the Qwen-TTS realtime API, with a fresh `event_id`. */
export function clientEvent(
  type: string,
  fields: Record<string, unknown> = {},
): Record<string, unknown> {
  return { event_id: `event_${shortUuid()}`, type, ...fields };
}

/** A server event of the Qwen-TTS realtime API, as far as the model reads it. */
export interface QwenTtsServerEvent {
  type: string;
  /** `response.audio.delta`: base64 audio. */
  delta?: string;
  /** `error`: the error object. */
  error?: { code?: unknown; message?: unknown; type?: unknown; param?: unknown };
  /** `response.done`: the response, with its usage. */
  response?: { usage?: { characters?: unknown; input_tokens?: unknown; output_tokens?: unknown } };
}

/** Reads a text frame of the realtime API; `undefined` when it is not a JSON event. */
export function parseServerEvent(text: string): QwenTtsServerEvent | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    if (
      value &&
      typeof value === "object" &&
      typeof (value as { type?: unknown }).type === "string"
    ) {
      return value as QwenTtsServerEvent;
    }
  } catch {
    // not JSON: ignored, as the SDK's callback would fail it
  }
  return undefined;
}

/** The typed error of an `error` event (a `DashScopeError` with its `code`). */
export function serverErrorEvent(event: QwenTtsServerEvent, provider: string): DashScopeError {
  const code = typeof event.error?.code === "string" ? event.error.code : "error";
  const message = typeof event.error?.message === "string" ? event.error.message : "no message";
  return new DashScopeError(
    `${provider}: the Qwen-TTS realtime session failed: ${code}: ${message}.`,
    {
      errorCode: code,
      provider,
    },
  );
}
