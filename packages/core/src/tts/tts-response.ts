import type { AudioBlock } from "../message/content-block.js";
import { bytesToBase64 } from "../utils/base64.js";
import { shortUuid } from "../utils/short-uuid.js";
import { formatTimestamp } from "../utils/timestamp.js";

/** Token and time use of one TTS call (AgentScope's `TTSUsage`). */
export interface TTSUsage {
  /** Input tokens (or characters, as the provider counts them). */
  inputTokens: number;
  /** Output tokens, when the provider reports them. */
  outputTokens: number;
  /** Seconds the call took. */
  time: number;
}

/**
 * What a TTS model returns (AgentScope's `TTSResponse`). From `synthesize()` it holds the whole
 * speech; from `synthesizeStream()` and `push()` each response holds only the audio that is new
 * since the previous one (a delta, unlike v1.0.21's accumulated chunks), and exactly one response
 * of a stream, the final one, has `isLast: true` (its `content` may be `null`).
 */
export interface TTSResponse {
  /** The audio, or `null` when no audio arrived (yet). */
  content: AudioBlock | null;
  /** A unique id of this response. */
  id: string;
  /** When the response was created, `YYYY-MM-DD HH:MM:SS.mmm`. */
  createdAt: string;
  /** Always `"tts"`. */
  type: "tts";
  /** Token and time use (on the final response of a stream), when known. */
  usage?: TTSUsage;
  /** Provider-specific data. */
  metadata?: Record<string, unknown>;
  /** Whether this is the last response of its stream. */
  isLast: boolean;
}

/** Builds a {@link TTSResponse}, filling in `id`, `createdAt`, `type` and `isLast` (true). */
export function createTTSResponse(
  fields: Pick<TTSResponse, "content"> & Partial<Omit<TTSResponse, "type">>,
): TTSResponse {
  const response: TTSResponse = {
    content: fields.content,
    id: fields.id ?? shortUuid(),
    createdAt: fields.createdAt ?? formatTimestamp(),
    type: "tts",
    isLast: fields.isLast ?? true,
  };
  if (fields.usage) response.usage = fields.usage;
  if (fields.metadata) response.metadata = fields.metadata;
  return response;
}

/** The wire (snake_case) form of a {@link TTSResponse}, as AgentScope's `TTSResponse.to_dict()`. */
export interface TTSResponseDict {
  content: AudioBlock | null;
  id: string;
  created_at: string;
  type: "tts";
  usage: { input_tokens: number; output_tokens: number; time: number; type: "tts" } | null;
  metadata: Record<string, unknown> | null;
  is_last: boolean;
}

/** The snake_case dict of a {@link TTSResponse} (AgentScope's field names and order). */
export function ttsResponseToDict(response: TTSResponse): TTSResponseDict {
  const { usage } = response;
  return {
    content: response.content,
    id: response.id,
    created_at: response.createdAt,
    type: "tts",
    usage: usage
      ? {
          input_tokens: usage.inputTokens,
          output_tokens: usage.outputTokens,
          time: usage.time,
          type: "tts",
        }
      : null,
    metadata: response.metadata ?? null,
    is_last: response.isLast,
  };
}

/**
 * A streamed piece of speech as a provider yields it: `audio` (bytes, or base64 as APIs send it)
 * with its media type (`audio/pcm;rate=24000` for raw PCM16), `isLast: false`.
 */
export function ttsAudioDelta(
  audio: Uint8Array | string,
  mediaType: string,
  fields: Partial<Omit<TTSResponse, "type" | "content">> = {},
): TTSResponse {
  const data = typeof audio === "string" ? audio : bytesToBase64(audio);
  return createTTSResponse({
    ...fields,
    content: { type: "audio", source: { type: "base64", media_type: mediaType, data } },
    isLast: fields.isLast ?? false,
  });
}

/**
 * The `usage` field of a final {@link TTSResponse}: the counts a provider reported, the missing
 * ones `0` (none at all when `usage` is undefined), to spread into `createTTSResponse`.
 */
export function ttsUsageField(usage: Partial<TTSUsage> | undefined): { usage?: TTSUsage } {
  return usage ? { usage: { inputTokens: 0, outputTokens: 0, time: 0, ...usage } } : {};
}
