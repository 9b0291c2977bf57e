import { shortUuid } from "@agentscope-ts/core";
import { DashScopeError } from "../model/dashscope-error.js";
import type { DashScopeVoiceFormat } from "./dashscope-tts-options.js";

/** The path of DashScope's inference WebSocket (CosyVoice's `run-task` protocol), under the base. */
export const COSYVOICE_WEBSOCKET_PATH = "/inference";

/** What a CosyVoice task is started with. */
export interface CosyVoiceTaskSettings {
  modelName: string;
  voice: string;
  format: DashScopeVoiceFormat;
  sampleRate: number;
  /** More `parameters` (`volume`, `rate`, `pitch`, `instruction`, `language_hints`…). */
  parameters: Record<string, unknown>;
}

/** A server event of the CosyVoice protocol, as far as the models read it. */
export interface CosyVoiceEvent {
  /** `task-started`, `result-generated`, `task-finished` or `task-failed`. */
  event: string;
  taskId: string;
  errorCode: string;
  errorMessage: string;
  /** `payload.usage.characters`, when sent. */
  characters: number | undefined;
}

/** A new task id (any unique string; the SDK sends a UUID's 32 hex digits). */
export function newTaskId(): string {
  return shortUuid();
}

function header(action: string, taskId: string) {
  return { action, task_id: taskId, streaming: "duplex" };
}

/** The `run-task` command: model, voice, format, sample rate, plain text. */
export function runTask(taskId: string, settings: CosyVoiceTaskSettings): Record<string, unknown> {
  return {
    header: header("run-task", taskId),
    payload: {
      model: settings.modelName,
      task_group: "audio",
      task: "tts",
      function: "SpeechSynthesizer",
      input: {},
      parameters: {
        voice: settings.voice,
        text_type: "PlainText",
        format: settings.format,
        sample_rate: settings.sampleRate,
        ...settings.parameters,
      },
    },
  };
}

/** The `continue-task` command carrying a piece of text. */
export function continueTask(
  taskId: string,
  settings: CosyVoiceTaskSettings,
  text: string,
): Record<string, unknown> {
  return {
    header: header("continue-task", taskId),
    payload: {
      model: settings.modelName,
      task_group: "audio",
      task: "tts",
      function: "SpeechSynthesizer",
      input: { text },
    },
  };
}

/** The `finish-task` command: no more text; the server sends what is left, then `task-finished`. */
export function finishTask(taskId: string): Record<string, unknown> {
  return { header: header("finish-task", taskId), payload: { input: {} } };
}

/** Reads a text frame of the CosyVoice protocol; `undefined` for anything else. */
export function parseCosyVoiceEvent(text: string): CosyVoiceEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const head = (value as { header?: Record<string, unknown> } | null)?.header;
  if (!head || typeof head.event !== "string") return undefined;
  const usage = (value as { payload?: { usage?: { characters?: unknown } } }).payload?.usage;
  return {
    event: head.event,
    taskId: typeof head.task_id === "string" ? head.task_id : "",
    errorCode: typeof head.error_code === "string" ? head.error_code : "",
    errorMessage: typeof head.error_message === "string" ? head.error_message : "",
    characters: typeof usage?.characters === "number" ? usage.characters : undefined,
  };
}

/** The typed error of a `task-failed` event (a `DashScopeError` with its `error_code`). */
export function taskFailedError(event: CosyVoiceEvent, provider: string): DashScopeError {
  const code = event.errorCode || "TaskFailed";
  return new DashScopeError(
    `${provider}: the CosyVoice task ${event.taskId} failed: ${code}: ${event.errorMessage || "no message"}.`,
    { errorCode: code, requestId: event.taskId, provider },
  );
}
