import {
  ChatModelBase,
  type ChatModelRequest,
  type ChatResponse,
  checkRequestMessages,
  getLogger,
  lazyStream,
  nodeHttpFetch,
  normalizeProviderError,
  type ProviderCallOptions,
  type ProviderChatModelOptions,
  STRUCTURED_OUTPUT_TOOL_NAME,
  structuredOutputTool,
  type ThinkingOption,
  ValidationError,
  warnOnce,
} from "@agentscope-ts/core";
import type { DashScopeMessage } from "../formatter/dashscope-message.js";
import { type DashScopeBaseURLOptions, dashScopeBaseURL } from "../utils/base-url.js";
import { env } from "../utils/env.js";
import { type DashScopeHttpRequest, postJson, postStream } from "./dashscope-http.js";
import { dashScopeThinking } from "./dashscope-thinking.js";
import {
  buildGenerationBody,
  MULTIMODAL_GENERATION_PATH,
  TEXT_GENERATION_PATH,
  usesMultimodalApi,
} from "./generation-request.js";
import {
  type ParseSettings,
  parseGeneration,
  parseGenerationStream,
  type StreamOutcome,
} from "./generation-response-parser.js";

/** Options of {@link DashScopeChatModel} (AgentScope's keyword arguments, camelCased). */
export interface DashScopeChatModelOptions
  extends ProviderChatModelOptions,
    DashScopeBaseURLOptions {
  /**
   * Thinking (Qwen3, QwQ, DeepSeek-R1 on DashScope): `true`/`false` is `enable_thinking`,
   * `{ budgetTokens }` adds `thinking_budget`. DashScope streams thinking only, so thinking on
   * turns `stream` on, as AgentScope does.
   */
  thinking?: ThinkingOption;
  /** @deprecated Renamed `thinking` (the name every provider uses); still read, with a warning. */
  enableThinking?: boolean;
  /**
   * `true`: the multimodal-generation API; `false`: text generation; unset: chosen by the model
   * name (`qvq…` and `…-vl…` models use the multimodal API).
   */
  multimodality?: boolean;
  /** The `fetch` used for requests. Default: core's `nodeHttpFetch` (`node:http` under Node, else the global `fetch`). */
  fetch?: typeof globalThis.fetch;
}

/** Options of one {@link DashScopeChatModel} call (`generateKwargs`: extra `parameters`; `headers` become HTTP headers). */
export type DashScopeChatModelCallOptions = ProviderCallOptions;

type Request = ChatModelRequest<DashScopeChatModelCallOptions>;

/** Extra headers from the `DASHSCOPE_API_HEADERS` environment variable (a JSON object), as AgentScope reads them. */
function headersFromEnv(): Record<string, unknown> | undefined {
  const raw = env("DASHSCOPE_API_HEADERS");
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // reported below
  }
  warnOnce("dashscope-api-headers", "DASHSCOPE_API_HEADERS is not a JSON object; it is ignored.");
  return undefined;
}

/**
 * AgentScope's `DashScopeChatModel` on DashScope's native HTTP API (`fetch` + `eventsource-parser`):
 * the text-generation API, or the multimodal-generation API for Qwen-VL, QVQ and Omni models.
 * `result_format: "message"`; streams use `incremental_output` and are assembled into cumulative
 * chunks at O(delta); `enableThinking` (forcing streaming); tools and `toolChoice` (`required` sent
 * as `auto`); tool calls streamed across chunks; `reasoning_content` as thinking; usage; the
 * `request_id` as response id; structured output through a forced tool call. Errors carry
 * DashScope's `code` (`DashScopeError`); throttling and server errors are retried by
 * {@link ChatModelBase}, which also gives timeout and abort.
 */
export class DashScopeChatModel extends ChatModelBase<
  DashScopeMessage,
  DashScopeChatModelCallOptions
> {
  readonly provider: string;
  /** The API key sent as `Authorization: Bearer …`. */
  readonly apiKey: string;
  /** `enable_thinking` sent with each request, unless `generateKwargs` has one. */
  enableThinking: boolean | undefined;
  /** Which API is used; see {@link DashScopeChatModelOptions.multimodality}. */
  multimodality: boolean | undefined;
  /** Extra `parameters` sent with every call. */
  generateKwargs: Record<string, unknown>;
  /** The API base URL, without a trailing slash. */
  readonly baseURL: string;
  /** Whether tool arguments are repaired while streaming. */
  streamToolParsing: boolean;
  private readonly fetchImpl: typeof globalThis.fetch;

  constructor(options: DashScopeChatModelOptions) {
    const thinking = dashScopeThinking(options);
    const forceStream = thinking.enableThinking === true && options.stream === false;
    super(forceStream ? { ...options, stream: true } : options);
    if (forceStream) {
      getLogger().info(
        "DashScopeChatModel: the DashScope API needs `stream` when thinking is on; streaming is used.",
      );
    }
    const apiKey = options.apiKey ?? env("DASHSCOPE_API_KEY");
    if (!apiKey) {
      throw new ValidationError(
        "DashScopeChatModel options",
        [
          {
            path: "apiKey",
            message: "required (no apiKey given and DASHSCOPE_API_KEY is not set)",
          },
        ],
        { hint: "Pass apiKey, or set the DASHSCOPE_API_KEY environment variable." },
      );
    }
    this.apiKey = apiKey;
    this.provider = options.provider ?? "dashscope";
    this.enableThinking = thinking.enableThinking;
    this.multimodality = options.multimodality;
    this.streamToolParsing = options.streamToolParsing ?? true;
    this.baseURL = dashScopeBaseURL("DashScopeChatModel", options);
    this.fetchImpl = options.fetch ?? nodeHttpFetch;
    const generateKwargs: Record<string, unknown> = {
      ...(thinking.thinkingBudget !== undefined
        ? { thinking_budget: thinking.thinkingBudget }
        : {}),
      ...options.generateKwargs,
    };
    const envHeaders = headersFromEnv();
    if (envHeaders) {
      generateKwargs.headers = { ...envHeaders, ...(generateKwargs.headers as object | undefined) };
    }
    this.generateKwargs = generateKwargs;
  }

  /** @deprecated Renamed {@link DashScopeChatModel.baseURL}. */
  get baseHttpApiUrl(): string {
    return this.baseURL;
  }

  /** The endpoint URL this model calls. */
  get endpoint(): string {
    const path = usesMultimodalApi(this.modelName, this.multimodality)
      ? MULTIMODAL_GENERATION_PATH
      : TEXT_GENERATION_PATH;
    return `${this.baseURL}${path}`;
  }

  // Not a generator: each chunk goes from the parser to the caller without a layer of ours.
  protected override doStream(
    messages: readonly DashScopeMessage[],
    request: Request,
  ): AsyncGenerator<ChatResponse, void, undefined> {
    const startTime = Date.now();
    return lazyStream(async () => {
      const http = this.httpRequest(messages, request, true);
      const outcome: StreamOutcome = { yielded: 0 };
      return this.guardStream(
        parseGenerationStream(postStream(http), this.settings(startTime, request), outcome),
        request.signal,
        outcome,
      );
    });
  }

  protected override async doCall(
    messages: readonly DashScopeMessage[],
    request: Request,
  ): Promise<ChatResponse> {
    const startTime = Date.now();
    const data = await postJson(this.httpRequest(messages, request, false));
    return parseGeneration(data, this.settings(startTime, request));
  }

  protected override normalizeError(error: unknown): unknown {
    return normalizeProviderError(error, { provider: this.provider, baseURL: this.baseURL });
  }

  private settings(startTime: number, request: Request): ParseSettings {
    return {
      provider: this.provider,
      startTime,
      streamToolParsing: this.streamToolParsing,
      structured: request.structuredModel !== undefined,
    };
  }

  private httpRequest(
    messages: readonly DashScopeMessage[],
    request: Request,
    streaming: boolean,
  ): DashScopeHttpRequest {
    checkRequestMessages(messages, { has: ["role"], formatter: "a DashScope formatter" });
    let tools = request.tools;
    let toolChoice = request.toolChoice;
    if (request.structuredModel) {
      if (tools || toolChoice) {
        getLogger().warn(
          "DashScopeChatModel: structuredModel is given, so tools and toolChoice are ignored; the model only generates the structured output.",
        );
      }
      tools = [structuredOutputTool(request.structuredModel)];
      toolChoice = STRUCTURED_OUTPUT_TOOL_NAME;
    }
    const { body, headers } = buildGenerationBody(messages, {
      modelName: this.modelName,
      streaming,
      enableThinking: this.enableThinking,
      generateKwargs: this.generateKwargs,
      callKwargs: request.generateKwargs,
      tools,
      toolChoice,
    });
    return {
      url: this.endpoint,
      headers: {
        ...headers,
        authorization: `Bearer ${this.apiKey}`,
        "content-type": "application/json",
        accept: streaming ? "text/event-stream" : "application/json",
        ...(streaming ? { "x-dashscope-sse": "enable" } : {}),
      },
      body,
      signal: request.signal,
      fetch: this.fetchImpl,
      provider: this.provider,
    };
  }
}
