import {
  ChatModelBase,
  type ChatModelBaseOptions,
  type ChatModelRequest,
  type ChatResponse,
  checkRequestMessages,
  getLogger,
  InterruptedError,
  ModelError,
  type ProviderCallOptions,
  type ProviderChatModelOptions,
  streamBreakError,
  type ThinkingOption,
  ValidationError,
} from "@agentscope-ts/core";
import type { ChatRequest } from "ollama/browser";
import type { OllamaMessage } from "../formatter/ollama-message.js";
import { buildChatRequest, type OllamaChatBody, toSdkChatRequest } from "./ollama-chat-request.js";
import { createOllamaClient, type OllamaClient, type OllamaClientKwargs } from "./ollama-client.js";
import { normalizeOllamaError } from "./ollama-errors.js";
import { type OllamaBaseURLOptions, ollamaBaseURL, ollamaThinking } from "./ollama-options.js";
import {
  type OllamaParseSettings,
  type OllamaStreamOutcome,
  parseChatResponse,
  parseChatStream,
} from "./ollama-response-parser.js";

/** Options of {@link OllamaChatModel} (AgentScope's keyword arguments, camelCased). */
export interface OllamaChatModelOptions
  extends Pick<
      ProviderChatModelOptions,
      "generateKwargs" | "provider" | keyof ChatModelBaseOptions
    >,
    OllamaBaseURLOptions {
  /** Whether to stream the answer (NDJSON). Default `false`, as in AgentScope. */
  stream?: boolean;
  /** Model parameters sent as `options` (`temperature`, `num_ctx`, `seed`…). */
  options?: ChatRequest["options"];
  /** How long the server keeps the model loaded after the request (`keep_alive`). Default `"5m"`. */
  keepAlive?: string | number;
  /**
   * Sent as `think` for thinking models (qwen3, deepseek-r1, gpt-oss…): `true`/`false`, or
   * `{ effort: "high" }` for a level; unset sends nothing.
   */
  thinking?: ThinkingOption;
  /** @deprecated Renamed `thinking` (the name every provider uses); still read, with a warning. */
  enableThinking?: boolean;
  /** More options of the `ollama` client: `headers`, `fetch`, `proxy`. */
  clientKwargs?: OllamaClientKwargs;
}

/** Options of one {@link OllamaChatModel} call (`generateKwargs`: extra request fields such as `{ format: "json" }` or `{ think: "high" }`). */
export type OllamaChatModelCallOptions = ProviderCallOptions;

type Request = ChatModelRequest<OllamaChatModelCallOptions>;

/**
 * AgentScope's `OllamaChatModel` on the official `ollama` library: Ollama's native `/api/chat`,
 * streaming (NDJSON, assembled into cumulative chunks at O(delta) each) or not (the default).
 * `options`, `keep_alive`, `think` (thinking arrives as thinking blocks), tools (calls get ids
 * `{idx}_{name}`), structured output through `format` (a JSON schema; the parsed object in
 * `metadata`), usage from `prompt_eval_count` / `eval_count`. `toolChoice` is ignored with a
 * warning (Ollama has none). A missing model fails with an error naming `ollama pull NAME`; a
 * server that does not answer, with one naming the host. Retries, timeout and abort (which closes
 * the HTTP request) come from {@link ChatModelBase}.
 */
export class OllamaChatModel extends ChatModelBase<OllamaMessage, OllamaChatModelCallOptions> {
  readonly provider: string;
  /** The client (for `list()`, `pull()`…); calls use one bound to their abort signal. */
  readonly client: OllamaClient;
  /** Model parameters sent as `options`. */
  options: ChatRequest["options"] | undefined;
  /** `keep_alive` of each request. */
  keepAlive: string | number;
  /** `think` of each request, when set. */
  enableThinking: boolean | undefined;
  /** Extra request fields sent with every call. */
  generateKwargs: Record<string, unknown>;
  private readonly host: string | undefined;
  private readonly clientKwargs: OllamaClientKwargs;
  private warnedToolChoice = false;

  constructor(options: OllamaChatModelOptions) {
    super({ ...options, stream: options.stream ?? false });
    const keepAlive = options.keepAlive ?? "5m";
    if (typeof keepAlive !== "string" && typeof keepAlive !== "number") {
      throw new ValidationError("OllamaChatModel options", [
        {
          path: "keepAlive",
          message: `expected a duration such as "5m" or a number of seconds, received ${typeof keepAlive}`,
        },
      ]);
    }
    this.provider = options.provider ?? "ollama";
    this.options = options.options;
    this.keepAlive = keepAlive;
    const thinking = ollamaThinking(options);
    this.enableThinking = thinking.enableThinking;
    this.generateKwargs = {
      ...(thinking.effort !== undefined ? { think: thinking.effort } : {}),
      ...options.generateKwargs,
    };
    this.host = ollamaBaseURL("OllamaChatModel", options);
    this.clientKwargs = { ...options.clientKwargs };
    this.client = createOllamaClient(this.host, this.clientKwargs);
  }

  protected override async *doStream(
    messages: readonly OllamaMessage[],
    request: Request,
  ): AsyncGenerator<ChatResponse, void, undefined> {
    const startTime = Date.now();
    const body = this.requestBody(messages, request);
    const client = createOllamaClient(this.host, this.clientKwargs, request.signal);
    const stream = await client.chat({ ...toSdkChatRequest(body), stream: true });
    const outcome: OllamaStreamOutcome = { yielded: 0 };
    let finished = false;
    try {
      yield* parseChatStream(stream, this.settings(startTime, request), outcome);
      finished = true;
    } catch (error) {
      throw this.streamError(error, outcome, request.signal);
    } finally {
      // A consumer that stops early (or an error) closes the HTTP request.
      if (!finished) stream.abort();
    }
  }

  protected override async doCall(
    messages: readonly OllamaMessage[],
    request: Request,
  ): Promise<ChatResponse> {
    const startTime = Date.now();
    const body = this.requestBody(messages, request);
    const client = createOllamaClient(this.host, this.clientKwargs, request.signal);
    const response = await client.chat({ ...toSdkChatRequest(body), stream: false });
    return parseChatResponse(response, this.settings(startTime, request));
  }

  protected override normalizeError(error: unknown): unknown {
    return normalizeOllamaError(error, {
      provider: this.provider,
      host: this.client.host,
      modelName: this.modelName,
    });
  }

  private settings(startTime: number, request: Request): OllamaParseSettings {
    return { startTime, structuredOutput: request.structuredModel !== undefined };
  }

  /** The request body of a call, checked as AgentScope checks it. */
  private requestBody(messages: readonly OllamaMessage[], request: Request): OllamaChatBody {
    checkRequestMessages(messages, { has: ["role"], formatter: "an Ollama formatter" });
    if (request.toolChoice && !this.warnedToolChoice) {
      this.warnedToolChoice = true;
      getLogger().warn(
        `${this.constructor.name}: Ollama does not support tool_choice yet, ignored (toolChoice ${JSON.stringify(request.toolChoice)}).`,
      );
    }
    return buildChatRequest(
      messages,
      {
        modelName: this.modelName,
        streaming: this.streaming,
        options: this.options,
        keepAlive: this.keepAlive,
        enableThinking: this.enableThinking,
        generateKwargs: this.generateKwargs,
      },
      request,
    );
  }

  /** A stream that broke off mid-way becomes a clear, retryable ModelError saying how far it got. */
  private streamError(error: unknown, outcome: OllamaStreamOutcome, signal: AbortSignal): unknown {
    if (signal.aborted || error instanceof InterruptedError) return error;
    const normalized = this.normalizeError(error);
    if (normalized instanceof ModelError) {
      if (/discarded/.test(normalized.message)) return normalized;
      const { provider } = this;
      return streamBreakError(normalized, {
        provider,
        yielded: outcome.yielded,
        cause: error,
        host: this.client.host,
      });
    }
    // An `{"error": …}` line inside the stream: the server failed the request.
    const message = error instanceof Error ? error.message : String(error);
    return new ModelError(
      `${this.provider}: the Ollama server at ${this.client.host} reported: ${message}`,
      {
        cause: error,
        provider: this.provider,
        retryable: false,
      },
    );
  }
}
