import {
  ModelError,
  ProviderRealtimeModelBase,
  type ProviderRealtimeModelOptions,
  type RealtimeCancelInfo,
  type RealtimeInput,
  type RealtimeSetup,
  realtimeToolOutputText,
  realtimeUrlSourceError,
  type ToolFunctionSchema,
} from "@agentscope-ts/core";
import { type GoogleGenAI, type LiveConnectConfig, Modality, type Session } from "@google/genai";
import { createGeminiClient } from "../model/gemini-chat-model.js";
import { type GeminiLiveMessage, GeminiLiveTranslator } from "./gemini-live-events.js";
import { type ClosableSocket, tapLiveSockets } from "./live-socket-tap.js";

/** Gemini Live's input sample rate (PCM16 mono). */
export const GEMINI_LIVE_INPUT_SAMPLE_RATE = 16_000;
/** Gemini Live's output sample rate (PCM16 mono). */
export const GEMINI_LIVE_OUTPUT_SAMPLE_RATE = 24_000;

/** Options of {@link GeminiRealtimeModel}: AgentScope's `GeminiRealtimeModel` in camelCase. */
export interface GeminiRealtimeModelOptions extends ProviderRealtimeModelOptions {
  /** The API key; defaults to `GEMINI_API_KEY` / `GOOGLE_API_KEY` (read by the SDK). */
  apiKey?: string;
  /** The API base URL (a proxy, a test server); the SDK derives the WebSocket URL from it. */
  baseURL?: string;
  /** More `GoogleGenAI` options (`httpOptions.apiVersion`, Vertex settings…). */
  clientKwargs?: Record<string, unknown>;
  /** The voice. Default `"Puck"`. */
  voice?: "Puck" | "Charon" | "Kore" | "Fenrir" | (string & {});
  /** Transcribe the user's speech. Default `true`. */
  enableInputAudioTranscription?: boolean;
  /** More fields of the SDK's `LiveConnectConfig`, merged in. */
  liveConfig?: LiveConnectConfig;
}

/**
 * A voice session on the Gemini Live API through `@google/genai`'s `ai.live.connect`: PCM16 16 kHz
 * in, 24 kHz out, voice `Puck`, audio responses with transcripts both ways (AgentScope's
 * defaults). Tool results go back as `toolResponse` function responses (Gemini then answers by
 * itself). Barge-in: Gemini's own VAD stops the answer and keeps only what was sent
 * (`interrupted`); nothing is sent back, the agent stops playback.
 */
export class GeminiRealtimeModel extends ProviderRealtimeModelBase {
  readonly provider = "gemini";
  readonly supportInputModalities = ["audio", "text", "image", "tool_result"] as const;
  readonly inputSampleRate = GEMINI_LIVE_INPUT_SAMPLE_RATE;
  readonly outputSampleRate = GEMINI_LIVE_OUTPUT_SAMPLE_RATE;
  readonly #client: GoogleGenAI;
  readonly #liveConfig: LiveConnectConfig;
  #session: Session | undefined;
  #socket: ClosableSocket | undefined;
  #closing = false;

  constructor(options: GeminiRealtimeModelOptions = {}) {
    super(options, { modelName: "gemini-2.5-flash-native-audio-preview-09-2025", voice: "Puck" });
    this.#liveConfig = options.liveConfig ?? {};
    this.#client = createGeminiClient(options);
    // Keep the socket the SDK opens, so a session that never completes its setup can be closed.
    tapLiveSockets(this.#client.live, (socket) => {
      this.#socket = socket;
    });
  }

  /** The `LiveConnectConfig` this model connects with (instructions, tools, voice, transcripts). */
  buildLiveConfig(instructions: string, tools: readonly ToolFunctionSchema[]): LiveConnectConfig {
    const config: LiveConnectConfig = {
      responseModalities: [Modality.AUDIO],
      systemInstruction: { parts: [{ text: instructions }] },
      outputAudioTranscription: {},
      speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: this.voice } } },
      ...this.#liveConfig,
    };
    if (this.enableInputAudioTranscription) config.inputAudioTranscription = {};
    if (tools.length > 0) {
      config.tools = [
        {
          functionDeclarations: tools.map((t) => ({
            name: t.function.name,
            description: t.function.description,
            parametersJsonSchema: t.function.parameters,
          })),
        },
      ];
    }
    return config;
  }

  protected async doConnect(setup: RealtimeSetup): Promise<void> {
    const translator = new GeminiLiveTranslator(this.outputSampleRate);
    let open = false;
    const session = await this.#client.live.connect({
      model: this.modelName,
      config: this.buildLiveConfig(setup.instructions, setup.tools),
      callbacks: {
        onmessage: (message) => {
          for (const event of translator.translate(message as GeminiLiveMessage)) this.emit(event);
        },
        onerror: (event) => {
          if (!open) return;
          const text = (event as { message?: string } | undefined)?.message ?? "socket error";
          this.fail(
            new ModelError(`gemini: the Live socket failed: ${text}`, {
              provider: "gemini",
              retryable: true,
            }),
          );
        },
        onclose: (event) => {
          if (!open || this.#closing) return;
          const { code, reason } = event as { code?: number; reason?: string };
          // Gemini reports API errors (bad setup, quota) as the close reason.
          this.fail(this.closedError(`(code ${code ?? 1006}${reason ? `: ${reason}` : ""})`));
        },
      },
    });
    if (setup.signal.aborted || this.#closing) {
      session.close();
      throw setup.signal.reason ?? this.closedError("while connecting");
    }
    this.#session = session;
    open = true;
  }

  protected doSend(block: RealtimeInput): void {
    const session = this.#session;
    if (!session) return;
    switch (block.type) {
      case "audio":
        if (block.source.type !== "base64") throw realtimeUrlSourceError("gemini", "audio");
        session.sendRealtimeInput({
          audio: { data: block.source.data, mimeType: `audio/pcm;rate=${this.inputSampleRate}` },
        });
        return;
      case "image":
        if (block.source.type !== "base64") throw realtimeUrlSourceError("gemini", "image");
        session.sendRealtimeInput({
          video: { data: block.source.data, mimeType: block.source.media_type },
        });
        return;
      case "text":
        session.sendClientContent({
          turns: [{ role: "user", parts: [{ text: block.text }] }],
          turnComplete: true,
        });
        return;
      case "tool_result":
        session.sendToolResponse({
          functionResponses: [
            { id: block.id, name: block.name, response: responseOf(block.output) },
          ],
        });
        return;
    }
  }

  protected override doCommitAudio(): void {
    this.#session?.sendRealtimeInput({ audioStreamEnd: true });
  }

  protected doCancel(_info: RealtimeCancelInfo): void {
    // Gemini's VAD already stopped the answer; the session keeps only what was sent.
  }

  protected doClose(): void {
    this.#closing = true;
    if (this.#session) this.#session.close();
    else this.#socket?.close();
  }
}

/** A tool output as Gemini's function `response` object (AgentScope's `{"result": text}` form). */
function responseOf(output: Extract<RealtimeInput, { type: "tool_result" }>["output"]) {
  if (typeof output !== "string") return { result: realtimeToolOutputText(output, "") };
  try {
    const parsed: unknown = JSON.parse(output);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // Plain text.
  }
  return { result: output };
}
