import type { AudioBlock, ImageBlock, TextBlock, VideoBlock } from "../message/index.js";
import { msgContentCheck } from "../message/msg-dict-check.js";
import {
  type Check,
  checkValue,
  discriminated,
  int,
  min,
  object,
  optional,
  record,
  string,
} from "../utils/checks.js";
import type { AudioFormat } from "./model-events.js";

/**
 * What a front end sends to the backend (AgentScope's `ClientEvents`, snake_case on the wire):
 * session control, response control, and the user's audio, text and images. `session_id` is
 * optional here: a browser transport serves one session per socket.
 */
export type ClientEvent =
  | { type: "client_session_create"; config: Record<string, unknown> }
  | { type: "client_session_end"; session_id?: string }
  | { type: "client_response_create"; session_id?: string }
  | { type: "client_response_cancel"; session_id?: string }
  | {
      type: "client_image_append";
      session_id?: string;
      image: string;
      format: Record<string, unknown>;
    }
  | { type: "client_text_append"; session_id?: string; text: string }
  | { type: "client_audio_append"; session_id?: string; audio: string; format: AudioFormat }
  | { type: "client_audio_commit"; session_id?: string }
  | {
      type: "client_tool_result";
      session_id?: string;
      id: string;
      name: string;
      output: string | (TextBlock | ImageBlock | AudioBlock | VideoBlock)[];
    };

/** The `type` names of {@link ClientEvent}. */
export type ClientEventType = ClientEvent["type"];

const sessionId = optional(string);
const audioFormat = object({ type: string, rate: min(int, 1) }, true);

const clientEventCheck: Check<ClientEvent> = discriminated<ClientEvent>("type", {
  client_session_create: object({ type: string, config: record }),
  client_session_end: object({ type: string, session_id: sessionId }),
  client_response_create: object({ type: string, session_id: sessionId }),
  client_response_cancel: object({ type: string, session_id: sessionId }),
  client_image_append: object({
    type: string,
    session_id: sessionId,
    image: string,
    format: record,
  }),
  client_text_append: object({ type: string, session_id: sessionId, text: string }),
  client_audio_append: object({
    type: string,
    session_id: sessionId,
    audio: string,
    format: audioFormat,
  }),
  client_audio_commit: object({ type: string, session_id: sessionId }),
  client_tool_result: object({
    type: string,
    session_id: sessionId,
    id: string,
    name: string,
    output: msgContentCheck,
  }),
});

/**
 * Reads a client event from its JSON (AgentScope's `ClientEvents.from_json`): a
 * `ValidationError` names the bad field (an unknown `type`, a missing `audio`…).
 */
export function parseClientEvent(value: unknown): ClientEvent {
  return checkValue(
    clientEventCheck,
    value,
    "realtime client event",
    "Send one of the client_* events of AgentScope's realtime protocol, e.g. " +
      '{"type":"client_audio_append","audio":"<base64 PCM16>","format":{"type":"audio/pcm","rate":16000}}.',
  );
}
