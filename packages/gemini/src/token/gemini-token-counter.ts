import type { TokenCounter, ToolFunctionSchema } from "@agentscope-ts/core";
import type { CountTokensConfig, GoogleGenAI } from "@google/genai";
import type { GeminiContent } from "../formatter/gemini-content.js";
import { createGeminiClient } from "../model/gemini-chat-model.js";
import { toSdkContents, toSdkTools } from "../model/gemini-sdk-contents.js";
import { formatGeminiTools } from "../model/gemini-tools.js";

/** Options of {@link GeminiTokenCounter} (AgentScope's keyword arguments, camelCased). */
export interface GeminiTokenCounterOptions {
  /** The model whose tokenizer counts, e.g. `"gemini-2.5-flash"`. */
  modelName: string;
  /** The API key; defaults to `GEMINI_API_KEY` / `GOOGLE_API_KEY` (read by the SDK on Node). */
  apiKey?: string;
  /** The API base URL (the SDK's `httpOptions.baseUrl`). */
  baseURL?: string;
  /** More options of the SDK client (AgentScope's `**kwargs`), e.g. `{ vertexai: true, project }`. */
  clientKwargs?: Record<string, unknown>;
  /** Use this client instead of building one. */
  client?: GoogleGenAI;
}

/**
 * AgentScope's `GeminiTokenCounter`: counts the tokens of formatted Gemini contents with the API's
 * `countTokens` (the model's own tokenizer, so it needs the network). Tools are sent as `tools` on
 * Vertex AI; the Developer API's `countTokens` takes no tools (the SDK refuses them), so there
 * their declarations are counted as one more text content (an estimate; AgentScope fails there).
 */
export class GeminiTokenCounter implements TokenCounter<GeminiContent> {
  /** The model whose tokenizer counts. */
  readonly modelName: string;
  /** The SDK client. */
  readonly client: GoogleGenAI;

  constructor(options: GeminiTokenCounterOptions) {
    this.modelName = options.modelName;
    this.client = options.client ?? createGeminiClient(options);
  }

  /** The token count of `messages` (a Gemini formatter's output) and `tools`. */
  async count(
    messages: readonly GeminiContent[],
    tools?: readonly ToolFunctionSchema[],
  ): Promise<number> {
    const contents = toSdkContents(messages);
    const config: CountTokensConfig = {};
    if (tools && tools.length > 0) {
      const declarations = formatGeminiTools(tools);
      if (this.client.vertexai) config.tools = toSdkTools(declarations);
      else contents.push({ role: "user", parts: [{ text: JSON.stringify(declarations) }] });
    }
    const response = await this.client.models.countTokens({
      model: this.modelName,
      contents,
      config,
    });
    return response.totalTokens ?? 0;
  }
}
