import { ModelError } from "../errors/index.js";
import type { RealtimeInput } from "./realtime-model-base.js";

/** A tool result's output as text: media blocks as `[image]`, `[audio]`…, joined by `separator`. */
export function realtimeToolOutputText(
  output: Extract<RealtimeInput, { type: "tool_result" }>["output"],
  separator = "\n",
): string {
  if (typeof output === "string") return output;
  return output
    .map((block) => (block.type === "text" ? block.text : `[${block.type}]`))
    .join(separator);
}

/**
 * The error a realtime model throws for a URL-sourced `what` (audio, image) it can only send as
 * base64 (`expected`, default `"base64 data"`).
 */
export function realtimeUrlSourceError(
  provider: string,
  what: string,
  expected = "base64 data",
): ModelError {
  return new ModelError(
    `${provider}: realtime ${what} must be ${expected}; download a URL source first.`,
    { provider },
  );
}

/**
 * The error of a realtime session whose configuration the API refused (an `error` event before
 * the session was configured): not retryable, with the API's `message`.
 */
export function realtimeSetupRefusedError(provider: string, message: unknown): ModelError {
  const detail = typeof message === "string" && message !== "" ? message : "error event";
  return new ModelError(`${provider}: the realtime session could not be configured: ${detail}`, {
    provider,
    retryable: false,
  });
}
