import type { Content, Part, ThinkingConfig, Tool } from "@google/genai";
import type {
  GeminiContent,
  GeminiPart,
  GeminiThinkingConfig,
} from "../formatter/gemini-content.js";
import type { GeminiTool } from "./gemini-tools.js";

function camelKey(key: string): string {
  return key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Keys of a record camelCased, one level deep (values untouched). */
function camelKeys(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [camelKey(k), v]));
}

/**
 * One formatted part in the SDK's camelCase form: the part's own keys and those of `inline_data`,
 * `file_data`, `function_call`, `function_response`, `video_metadata` are camelCased; what the user
 * wrote (`args`, `response`, text) is left alone. A `function_call.id` of `null` (AgentScope always
 * writes one) is dropped. Parts already in camelCase pass unchanged.
 */
function toSdkPart(part: GeminiPart): Part {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(part)) {
    const name = camelKey(key);
    if (name === "functionCall" && value && typeof value === "object") {
      const call = camelKeys(value) as Record<string, unknown>;
      if (call.id === null || call.id === undefined) delete call.id;
      out[name] = call;
    } else if (
      name === "inlineData" ||
      name === "fileData" ||
      name === "functionResponse" ||
      name === "videoMetadata"
    ) {
      out[name] = camelKeys(value);
    } else {
      out[name] = value;
    }
  }
  // The one place the wire shape meets the SDK's: `GeminiPart` is `SnakeCased<Part>` (plus the
  // wire's `null` ids and texts, removed or passed as JSON null above), so the renamed keys are
  // exactly the SDK `Part`'s. TypeScript cannot follow a key rename done at run time.
  return out as Part;
}

/**
 * The typed adapter from AgentScope's wire contents to the SDK: the formatter's
 * {@link GeminiContent}s (snake_case `{role, parts}`, see `gemini-content.ts`) as the
 * `@google/genai` SDK's camelCase `Content[]` (the SDK drops keys it does not know).
 * `thought_signature` stays the base64 string the block holds, which is what the SDK sends.
 */
export function toSdkContents(messages: readonly GeminiContent[]): Content[] {
  return messages.map((msg) => {
    const parts = Array.isArray(msg.parts) ? msg.parts : [];
    return { ...msg, parts: parts.map(toSdkPart) };
  });
}

/** `thinkingConfig` as the SDK takes it: `include_thoughts` / `thinking_budget` are camelCased. */
export function toSdkThinkingConfig(config: GeminiThinkingConfig): ThinkingConfig {
  return camelKeys(config) as ThinkingConfig;
}

/**
 * AgentScope's tools ({@link GeminiTool}) as the SDK's `Tool[]`: the same objects. The SDK types
 * `parameters` as its own `Schema`; the JSON Schema AgentScope sends there is what the API takes
 * and the SDK passes it through unchanged, so only the type differs.
 */
export function toSdkTools(tools: readonly GeminiTool[]): Tool[] {
  return tools as Tool[];
}
