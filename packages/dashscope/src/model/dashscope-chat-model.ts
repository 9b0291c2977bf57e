import {
  ChatModelBase,
  type ChatModelBaseOptions,
  type ChatModelCallOptions,
  type ChatModelRequest,
  type ChatResponse,
  getLogger,
  ModelError,
  normalizeModelError,
  STRUCTURED_OUTPUT_TOOL_NAME,
  structuredOutputTool,
  ValidationError,
  warnOnce,
} from "@agentscope-ts/core";
import type { DashScopeMessage } from "../formatter/dashscope-message.js";
import { env } from "../utils/env.js";
import { type DashScopeHttpRequest, postJson, postStream } from "./dashscope-http.js";
import {
  buildGenerationBody,
  DEFAULT_BASE_HTTP_API_URL,
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
export interface DashScopeChatModelOptions extends ChatModelBaseOptions {
  /** The API key; defaults to the `DASHSCOPE_API_KEY` environment variable. */
  apiKey?: string;
  /**
   * `enable_thinking` (Qwen3, QwQ, DeepSeek-R1 on DashScope). DashScope streams thinking only, so
   * `true` turns `stream` on, as AgentScope does.
   */
  enableThinking?: boolean;
  /**
   * `true`: the multimodal-generation API; `false`: text generation; unset: chosen by the model
   * name (`qvq…` and `…-vl…` models use the multimodal API).
   */
  multimodality?: boolean;
  /** Extra `parameters` sent with every call (`temperature`, `seed`…); `headers` become HTTP headers. */
  generateKwargs?: Record<string, unknown>;
  /**
   * The API base URL. Default `https://dashscope.aliyuncs.com/api/v1` (Beijing); the international
   * (Singapore) endpoint is `https://dashscope-intl.aliyuncs.com/api/v1`.
   */
  baseHttpApiUrl?: string;
  /**
   * Repair tool-call arguments while they stream, so every chunk has a usable `input` (default
   * `true`); `false` keeps `input` `{}` until the last chunk.
   */
  streamToolParsing?: boolean;
  /** The `fetch` used for requests. Defaults to the global one. */
  fetch?: typeof globalThis.fetch;
  /** The provider id used in errors and traces. Default `"dashscope"`. */
  provider?: string;
}

/** Options of one {@link DashScopeChatModel} call. */
export interface DashScopeChatModelCallOptions extends ChatModelCallOptions {
  /** Extra `parameters` for this call (AgentScope's `**kwargs`), over the model's. */
  generateKwargs?: Record<string, unknown>;
}

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
  readonly baseHttpApiUrl: string;
  /** Whether tool arguments are repaired while streaming. */
  streamToolParsing: boolean;
  private readonly fetchImpl: typeof globalThis.fetch;

  constructor(options: DashScopeChatModelOptions) {
    const forceStream = options?.enableThinking === true && options.stream === false;
    super(forceStream ? { ...options, stream: true } : options);
    if (forceStream) {
      getLogger().info(
        "DashScopeChatModel: the DashScope API needs `stream` when `enableThinking` is on; streaming is used.",
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
    this.enableThinking = options.enableThinking;
    this.multimodality = options.multimodality;
    this.streamToolParsing = options.streamToolParsing ?? true;
    this.baseHttpApiUrl = (options.baseHttpApiUrl ?? DEFAULT_BASE_HTTP_API_URL).replace(/\/+$/, "");
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    const generateKwargs = { ...options.generateKwargs };
    const envHeaders = headersFromEnv();
    if (envHeaders) {
      generateKwargs.headers = { ...envHeaders, ...(generateKwargs.headers as object | undefined) };
    }
    this.generateKwargs = generateKwargs;
  }

  /** The endpoint URL this model calls. */
  get endpoint(): string {
    const path = usesMultimodalApi(this.modelName, this.multimodality)
      ? MULTIMODAL_GENERATION_PATH
      : TEXT_GENERATION_PATH;
    return `${this.baseHttpApiUrl}${path}`;
  }

  protected override async *doStream(
    messages: readonly DashScopeMessage[],
    request: Request,
  ): AsyncGenerator<ChatResponse, void, undefined> {
    const startTime = Date.now();
    const http = this.httpRequest(messages, request, true);
    const outcome: StreamOutcome = { yielded: 0 };
    try {
      yield* parseGenerationStream(postStream(http), this.settings(startTime, request), outcome);
    } catch (error) {
      if (request.signal.aborted || error instanceof ModelError || outcome.yielded === 0) {
        throw error;
      }
      const normalized = this.normalizeError(error);
      if (!(normalized instanceof ModelError)) throw error;
      throw new ModelError(
        `${this.provider}: the response stream broke off after ${outcome.yielded} chunk(s) (${normalized.message}). The partial answer was discarded.`,
        { cause: error, provider: this.provider, retryable: normalized.retryable },
      );
    }
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
    return normalizeModelError(error, this.provider, { baseURL: this.baseHttpApiUrl });
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
    for (let i = 0; i < messages.length; i++) {
      // Checked as untyped data: messages often come from JSON or untyped code.
      const msg: unknown = messages[i];
      if (msg === null || typeof msg !== "object" || !("role" in msg)) {
        throw new ValidationError(
          "messages",
          [{ path: `[${i}]`, message: "each message needs a 'role' key" }],
          { hint: "Pass the output of a DashScope formatter: `await formatter.format(msgs)`." },
        );
      }
    }
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
