import {
  ChatModelBase,
  type ChatModelCallOptions,
  type ChatModelRequest,
  type ChatResponse,
  checkRequestMessages,
  definedFields,
  lazyStream,
  type ProviderChatModelOptions,
  type ThinkingOption,
  toParametersSchema,
} from "@agentscope-ts/core";
import {
  type GenerateContentConfig,
  type GenerateContentParameters,
  GoogleGenAI,
} from "@google/genai";
import type { z } from "zod";
import type { GeminiContent, GeminiThinkingConfig } from "../formatter/gemini-content.js";
import { flattenJsonSchema } from "./flatten-json-schema.js";
import { geminiBaseUrl, normalizeGeminiError } from "./gemini-errors.js";
import {
  type GeminiParseSettings,
  type GeminiStreamOutcome,
  parseGenerateContentResponse,
  parseGenerateContentStream,
} from "./gemini-response-parser.js";
import { toSdkContents, toSdkThinkingConfig, toSdkTools } from "./gemini-sdk-contents.js";
import { geminiThinkingConfig } from "./gemini-thinking.js";
import { formatGeminiToolChoice, formatGeminiTools } from "./gemini-tools.js";

/** Options of {@link GeminiChatModel} (AgentScope's keyword arguments, camelCased). */
export interface GeminiChatModelOptions extends Omit<ProviderChatModelOptions, "generateKwargs"> {
  /**
   * Thinking, sent as `thinkingConfig`: `true` is `{ includeThoughts: true }`, `{ budgetTokens }`
   * adds `thinkingBudget`, `{ effort: "low" }` adds `thinkingLevel` (Gemini 3), `false` is
   * `{ thinkingBudget: 0 }`.
   */
  thinking?: ThinkingOption;
  /**
   * @deprecated Use `thinking` (the name every provider uses); still read, with a warning. Gemini's
   * own config, e.g. `{ includeThoughts: true, thinkingBudget: 1024 }` (snake_case keys accepted).
   */
  thinkingConfig?: GeminiThinkingConfig;
  /** More options of the SDK client (`GoogleGenAI`): `vertexai`, `project`, `httpOptions`… */
  clientKwargs?: Record<string, unknown>;
  /**
   * Fields of the SDK's `GenerateContentConfig` sent with every call, camelCase as the SDK takes
   * them: `{ temperature: 0.2, seed: 1, maxOutputTokens: 512 }`.
   */
  generateKwargs?: GenerateContentConfig;
  /** Use this client instead of building one. */
  client?: GoogleGenAI;
}

/** Options of one {@link GeminiChatModel} call. */
export interface GeminiChatModelCallOptions extends ChatModelCallOptions {
  /** Extra `GenerateContentConfig` fields for this call (AgentScope's `**config_kwargs`). */
  generateKwargs?: GenerateContentConfig;
}

type Request = ChatModelRequest<GeminiChatModelCallOptions>;

/** The JSON schema of a structured-output model, as Gemini's `responseJsonSchema` takes it. */
export function geminiResponseSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = toParametersSchema(schema, "structuredModel", "structuredModel");
  return flattenJsonSchema(rest);
}

/**
 * AgentScope's `GeminiChatModel` on the official `@google/genai` SDK (`generateContent` and
 * `generateContentStream`). Tools as `functionDeclarations` (`$defs`/`$ref` inlined), `toolChoice`
 * as `functionCallingConfig`; thought parts as thinking blocks; thought signatures kept on the
 * text and tool_use blocks (and used as tool call ids, as AgentScope does) so the formatter sends
 * them back, as Gemini 3 requires; structured output through `responseMimeType:
 * "application/json"` and the schema, the parsed (repaired, also while streaming) object in
 * `metadata`; otherwise `metadata` holds the finish reason and safety ratings. Streamed
 * function-call arguments (Gemini 3 `partialArgs`) are assembled as they come. Retries (429
 * `RetryInfo` honoured), timeout and abort come from {@link ChatModelBase}.
 */
export class GeminiChatModel extends ChatModelBase<GeminiContent, GeminiChatModelCallOptions> {
  readonly provider: string;
  /** The SDK client. */
  readonly client: GoogleGenAI;
  /** The thinking config sent with every call. */
  thinkingConfig: GeminiThinkingConfig | undefined;
  /** Config fields sent with every call. */
  generateKwargs: GenerateContentConfig;

  constructor(options: GeminiChatModelOptions) {
    super(options);
    this.provider = options.provider ?? "gemini";
    this.thinkingConfig = geminiThinkingConfig(options);
    this.generateKwargs = { ...options.generateKwargs };
    this.client = options.client ?? createGeminiClient(options);
  }

  // Not a generator: each chunk goes from the parser to the caller without a layer of ours.
  protected override doStream(
    messages: readonly GeminiContent[],
    request: Request,
  ): AsyncGenerator<ChatResponse, void, undefined> {
    const startTime = Date.now();
    return lazyStream(async () => {
      const params = this.requestParams(messages, request);
      const stream = await this.client.models.generateContentStream(params);
      const outcome: GeminiStreamOutcome = { yielded: 0 };
      return this.guardStream(
        parseGenerateContentStream(stream, this.settings(startTime, request), outcome),
        request.signal,
        outcome,
      );
    });
  }

  protected override async doCall(
    messages: readonly GeminiContent[],
    request: Request,
  ): Promise<ChatResponse> {
    if (this.streaming) return super.doCall(messages, request);
    const startTime = Date.now();
    const params = this.requestParams(messages, request);
    const response = await this.client.models.generateContent(params);
    return parseGenerateContentResponse(response, this.settings(startTime, request));
  }

  protected override normalizeError(error: unknown): unknown {
    return normalizeGeminiError(error, this.provider, geminiBaseUrl(this.client));
  }

  private settings(startTime: number, request: Request): GeminiParseSettings {
    return {
      provider: this.provider,
      startTime,
      structuredOutput: request.structuredModel !== undefined,
    };
  }

  /**
   * AgentScope's request assembly: `config = {thinkingConfig, ...generateKwargs, ...call kwargs}`,
   * then `tools`, `toolConfig`; structured output drops both and sets `responseMimeType` and the
   * schema.
   */
  private requestParams(
    messages: readonly GeminiContent[],
    request: Request,
  ): GenerateContentParameters {
    checkRequestMessages(messages, {
      has: (content) => "parts" in content && Array.isArray(content.parts),
      needs: "each content needs a 'role' and a 'parts' list",
      formatter: "a Gemini formatter",
    });
    const config: GenerateContentConfig = {
      ...(this.thinkingConfig ? { thinkingConfig: toSdkThinkingConfig(this.thinkingConfig) } : {}),
      ...this.generateKwargs,
      ...request.generateKwargs,
    };
    if (request.tools && request.tools.length > 0)
      config.tools = toSdkTools(formatGeminiTools(request.tools));
    if (request.toolChoice) config.toolConfig = formatGeminiToolChoice(request.toolChoice);
    if (request.structuredModel) {
      delete config.tools;
      delete config.toolConfig;
      config.responseMimeType = "application/json";
      config.responseJsonSchema = geminiResponseSchema(request.structuredModel);
    }
    config.abortSignal = request.signal;
    return { model: this.modelName, contents: toSdkContents(messages), config };
  }
}

/** Builds the SDK client of a model, embedding model or token counter. */
export function createGeminiClient(options: {
  apiKey?: string;
  baseURL?: string;
  clientKwargs?: Record<string, unknown>;
}): GoogleGenAI {
  const kwargs = { ...options.clientKwargs };
  const httpOptions = {
    ...(kwargs.httpOptions as Record<string, unknown> | undefined),
    ...(options.baseURL !== undefined ? { baseUrl: options.baseURL } : {}),
  };
  return new GoogleGenAI({
    ...definedFields({ apiKey: options.apiKey }),
    ...kwargs,
    ...(Object.keys(httpOptions).length > 0 ? { httpOptions } : {}),
  } as ConstructorParameters<typeof GoogleGenAI>[0]);
}
