import {
  ChatModelBase,
  type ChatModelBaseOptions,
  type ChatModelCallOptions,
  type ChatModelRequest,
  type ChatResponse,
  ChatResponseAccumulator,
  InterruptedError,
  ModelError,
  shortUuid,
  type ToolFunctionSchema,
  ValidationError,
} from "@agentscope-ts/core";
import {
  type ChatModelFunctions,
  type ChatWrapper,
  type GbnfJsonSchema,
  InsufficientMemoryError,
  type LLamaChatGenerateResponseOptions,
  LlamaChat,
  type LlamaChatResponse,
  type LlamaChatResponseChunk,
  type LlamaChatResponseFunctionCallParamsChunk,
  type LlamaContext,
  type LlamaContextOptions,
  type LlamaContextSequence,
  type LlamaGrammar,
  type LlamaModelOptions,
  resolveChatWrapper,
} from "node-llama-cpp";
import type { z } from "zod";
import type { LlamaCppMessage } from "../formatter/llama-cpp-message.js";
import { LazyResource } from "../runtime/lazy-resource.js";
import { buildOnModel, type ModelLease, modelNameOf } from "../runtime/model-cache.js";
import { SequencePool } from "../runtime/sequence-pool.js";
import { defaultThreads, type LlamaRuntimeOptions } from "../runtime/shared-llama.js";
import { EventQueue } from "./event-queue.js";
import { forceFunctionCall } from "./forced-function-call.js";
import { dropOptionalNulls, jsonSchemaToGbnf } from "./json-schema-to-gbnf.js";
import { structuredModelJsonSchema } from "./structured-model-schema.js";
import { toChatHistory } from "./to-chat-history.js";

/** Sampling and length settings passed to node-llama-cpp for each generation. */
export type LlamaCppGenerateKwargs = Pick<
  LLamaChatGenerateResponseOptions,
  | "maxTokens"
  | "temperature"
  | "minP"
  | "topK"
  | "topP"
  | "seed"
  | "xtc"
  | "repeatPenalty"
  | "dryRepeatPenalty"
  | "tokenBias"
  | "customStopTriggers"
  | "budgets"
  | "trimWhitespaceSuffix"
>;

/** Options of one {@link LlamaCppChatModel} call. */
export interface LlamaCppChatCallOptions extends ChatModelCallOptions {
  /** Overrides the model's `generateKwargs` for this call (merged over them). */
  generateKwargs?: LlamaCppGenerateKwargs;
}

/** Options of {@link LlamaCppChatModel}. */
export interface LlamaCppChatModelOptions
  extends Omit<ChatModelBaseOptions, "modelName">,
    LlamaRuntimeOptions {
  /** Path of the GGUF model file (see `ensureModel` to download one). */
  modelPath: string;
  /** The name in traces and errors. Default: the file name without `.gguf`. */
  modelName?: string;
  /**
   * Tokens of the context window (prompt + answer) of each sequence. Default: as large as memory
   * allows up to 8192 (and the model's training context). Function calling needs about 4096.
   */
  contextSize?: LlamaContextOptions["contextSize"];
  /**
   * CPU threads. Default: 1 on machines with 2 cores or fewer (more threads spin there), else
   * the physical cores llama.cpp detects.
   */
  threads?: number;
  /** Layers offloaded to the GPU: `"auto"` (default; 0 without a GPU), `"max"` or a number. */
  gpuLayers?: LlamaModelOptions["gpuLayers"];
  /** How many calls can run at the same time (context sequences); more wait. Default 1. */
  sequences?: number;
  /** Default sampling settings, e.g. `{ maxTokens: 1024, temperature: 0.7 }`. */
  generateKwargs?: LlamaCppGenerateKwargs;
  /**
   * The node-llama-cpp chat wrapper that renders the conversation. Default `"auto"`: chosen from
   * the model's chat template (function calling follows the template's tool-call format).
   */
  chatWrapper?: "auto" | ChatWrapper;
  /** Whether the model may make several tool calls in one answer. Default `true`. */
  parallelToolCalls?: boolean;
  /** Whether tool parameter schemas are described to the model in the prompt. Default `true`. */
  documentFunctionParams?: boolean;
}

interface Loaded {
  lease: ModelLease;
  context: LlamaContext;
  pool: SequencePool<LlamaContextSequence>;
  wrapper: ChatWrapper;
  threads: number;
}

type Event =
  | { kind: "chunk"; chunk: LlamaChatResponseChunk }
  | { kind: "params"; chunk: LlamaChatResponseFunctionCallParamsChunk };

const PROVIDER = "llama-cpp";

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A chat model running in this process on llama.cpp (through node-llama-cpp): no server, no API
 * key, a GGUF file on disk. Takes the messages of `LlamaCppChatFormatter` /
 * `LlamaCppMultiAgentFormatter`, streams cumulative chunks (text, and thinking for models that
 * think), calls tools in the model's own chat-template format (returned as `tool_use` blocks; the
 * agent runs them), writes structured output through a JSON-schema grammar (the parsed object in
 * `metadata`), reports token usage and stops generating as soon as the signal aborts.
 *
 * The file is loaded on the first call (or {@link load}) and shared with every other model on the
 * same file; {@link dispose} frees the context and, with the last user, the weights.
 *
 * With `structuredModel`, tools are ignored (a grammar and function calling cannot be combined).
 * `toolChoice` `"required"` or a tool name forces a call by grammar; `"none"` hides the tools.
 */
export class LlamaCppChatModel extends ChatModelBase<LlamaCppMessage, LlamaCppChatCallOptions> {
  readonly provider = PROVIDER;
  /** The GGUF file. */
  readonly modelPath: string;
  /** Default sampling settings. */
  generateKwargs: LlamaCppGenerateKwargs;
  private readonly options: LlamaCppChatModelOptions;
  private readonly resource = new LazyResource<Loaded>(
    () => this.doLoad(),
    () =>
      new ModelError(`The llama.cpp model ${this.modelName} was disposed.`, {
        provider: PROVIDER,
        retryable: false,
      }),
  );
  private readonly grammars = new WeakMap<z.ZodType, { grammar: LlamaGrammar; schema: unknown }>();

  constructor(options: LlamaCppChatModelOptions) {
    if (typeof options?.modelPath !== "string" || options.modelPath === "") {
      throw new ValidationError(
        "LlamaCppChatModel options",
        [{ path: "modelPath", message: "required (expected the path of a .gguf file)" }],
        { hint: "Pass { modelPath: '/path/to/model.gguf' }, e.g. the path ensureModel() returns." },
      );
    }
    const issues = [];
    for (const key of ["threads", "sequences"] as const) {
      const value = options[key];
      if (value !== undefined && !(Number.isInteger(value) && value > 0)) {
        issues.push({ path: key, message: `expected a positive integer, received ${value}` });
      }
    }
    if (issues.length > 0) throw new ValidationError("LlamaCppChatModel options", issues);
    super({
      ...options,
      modelName: options.modelName ?? modelNameOf(options.modelPath),
      // A local model has nothing to retry: failures are not transient.
      maxRetries: options.maxRetries ?? 0,
    });
    this.modelPath = options.modelPath;
    this.generateKwargs = options.generateKwargs ?? {};
    this.options = options;
  }

  /** Loads the model and creates its context (done by the first call otherwise). */
  async load(): Promise<void> {
    await this.loaded();
  }

  /** The number of CPU threads in use (after {@link load}). */
  async threads(): Promise<number> {
    return (await this.loaded()).threads;
  }

  /** The size of the context window, in tokens (after {@link load}). */
  async contextSize(): Promise<number> {
    return (await this.loaded()).context.contextSize;
  }

  /** Frees the context and releases the model file (unloaded when nothing else uses it). */
  async dispose(): Promise<void> {
    await this.resource.dispose();
  }

  /** `await using model = new LlamaCppChatModel(...)` disposes it at the end of the scope. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }

  private loaded(): Promise<Loaded> {
    return this.resource.get();
  }

  private doLoad(): Promise<Loaded> {
    const o = this.options;
    return buildOnModel(o, async (lease) => {
      const threads = o.threads ?? defaultThreads(lease.llama);
      const sequences = o.sequences ?? 1;
      const context = await lease.model.createContext({
        contextSize: o.contextSize ?? { max: 8192 },
        threads,
        sequences,
      });
      const items: LlamaContextSequence[] = [];
      for (let i = 0; i < sequences; i++) items.push(context.getSequence());
      const wrapper =
        o.chatWrapper && o.chatWrapper !== "auto" ? o.chatWrapper : resolveChatWrapper(lease.model);
      return { lease, context, pool: new SequencePool(items), wrapper, threads };
    });
  }

  protected override normalizeError(error: unknown): unknown {
    if (error instanceof InsufficientMemoryError) {
      return new ModelError(
        `Not enough memory for the llama.cpp model ${this.modelName}: ${error.message}. Use a smaller contextSize or fewer gpuLayers.`,
        { provider: PROVIDER, retryable: false, cause: error },
      );
    }
    if (error instanceof Error && !(error instanceof InterruptedError) && !("retryable" in error)) {
      return new ModelError(`llama-cpp: ${error.message}`, {
        provider: PROVIDER,
        retryable: false,
        cause: error,
      });
    }
    return error;
  }

  private async grammarFor(schema: z.ZodType, loaded: Loaded) {
    let entry = this.grammars.get(schema);
    if (!entry) {
      const jsonSchema = structuredModelJsonSchema(schema);
      const grammar = await loaded.lease.llama.createGrammarForJsonSchema<GbnfJsonSchema>(
        jsonSchemaToGbnf(jsonSchema),
      );
      entry = { grammar, schema: jsonSchema };
      this.grammars.set(schema, entry);
    }
    return entry;
  }

  private functionsFor(
    tools: readonly ToolFunctionSchema[] | undefined,
    toolChoice: string | undefined,
  ): { functions?: ChatModelFunctions; forced: boolean; schemas: Map<string, unknown> } {
    const schemas = new Map<string, unknown>();
    if (!tools || tools.length === 0 || toolChoice === "none") return { forced: false, schemas };
    const only = toolChoice && !["auto", "required"].includes(toolChoice) ? toolChoice : undefined;
    const functions: Record<string, ChatModelFunctions[string]> = {};
    for (const tool of tools) {
      const { name, description, parameters } = tool.function;
      if (only && name !== only) continue;
      schemas.set(name, parameters);
      functions[name] = {
        ...(description ? { description } : {}),
        params: jsonSchemaToGbnf(parameters ?? { type: "object", properties: {} }),
      };
    }
    return { functions, forced: only !== undefined || toolChoice === "required", schemas };
  }

  protected override async *doStream(
    messages: readonly LlamaCppMessage[],
    request: ChatModelRequest<LlamaCppChatCallOptions>,
  ): AsyncGenerator<ChatResponse, void, undefined> {
    const startTime = Date.now();
    const history = toChatHistory(messages);
    const loaded = await this.loaded();
    const structured = request.structuredModel
      ? await this.grammarFor(request.structuredModel, loaded)
      : undefined;
    const { functions, forced, schemas } = structured
      ? { functions: undefined, forced: false, schemas: new Map<string, unknown>() }
      : this.functionsFor(request.tools, request.toolChoice);

    const sequence = await loaded.pool.acquire(request.signal);
    const controller = new AbortController();
    const onAbort = () => controller.abort(request.signal.reason);
    if (request.signal.aborted) onAbort();
    else request.signal.addEventListener("abort", onAbort, { once: true });
    const chat = new LlamaChat({
      contextSequence: sequence,
      chatWrapper: forced ? forceFunctionCall(loaded.wrapper) : loaded.wrapper,
    });
    const queue = new EventQueue<Event>();
    const meterBefore = sequence.tokenMeter.getState();
    const kwargs = { ...this.generateKwargs, ...request.generateKwargs };
    const common = {
      ...kwargs,
      signal: controller.signal,
      onResponseChunk: (chunk: LlamaChatResponseChunk) => queue.push({ kind: "chunk", chunk }),
    };
    const generation: Promise<LlamaChatResponse<ChatModelFunctions> | LlamaChatResponse> = (
      structured
        ? chat.generateResponse(history, { ...common, grammar: structured.grammar })
        : chat.generateResponse(history, {
            ...common,
            ...(functions
              ? {
                  functions,
                  documentFunctionParams: this.options.documentFunctionParams ?? true,
                  ...(this.options.parallelToolCalls === false
                    ? { maxParallelFunctionCalls: 1 }
                    : {}),
                  onFunctionCallParamsChunk: (chunk: LlamaChatResponseFunctionCallParamsChunk) =>
                    queue.push({ kind: "params", chunk }),
                }
              : {}),
          })
    ).then(
      (result) => {
        queue.close();
        return result;
      },
      (error: unknown) => {
        queue.fail(error);
        throw error;
      },
    );
    generation.catch(() => {});

    const acc = new ChatResponseAccumulator({
      startTime,
      ...(structured ? { structuredOutput: "text" as const } : {}),
    });
    const callIds: string[] = [];
    const callId = (index: number): string => {
      callIds[index] ??= `call_${shortUuid()}`;
      return callIds[index];
    };
    try {
      for (;;) {
        const batch = await queue.drain();
        if (!batch) break;
        for (const event of batch) {
          if (event.kind === "params") {
            acc.addToolCallDelta({
              index: event.chunk.callIndex,
              id: callId(event.chunk.callIndex),
              name: event.chunk.functionName,
              arguments: event.chunk.paramsChunk,
            });
          } else if (event.chunk.type === undefined) {
            acc.addText(event.chunk.text);
          } else if (event.chunk.segmentType === "thought") {
            acc.addThinking(event.chunk.text);
          }
        }
        if (acc.hasContent) yield acc.snapshot();
      }
      const result = await generation;
      (result.functionCalls ?? []).forEach((call, index) => {
        const input = dropOptionalNulls(call.params ?? {}, schemas.get(call.functionName));
        acc.setToolCall({
          id: callId(index),
          name: call.functionName,
          input: (input ?? {}) as Record<string, unknown>,
          rawInput: JSON.stringify(call.params ?? {}),
        });
      });
      if (structured) {
        const parsed = parseJsonObject(result.response);
        // Cut short (maxTokens) or not JSON: keep the partial object the accumulator parsed.
        if (parsed)
          acc.setMetadata(dropOptionalNulls(parsed, structured.schema) as Record<string, unknown>);
      }
      const meterAfter = sequence.tokenMeter.getState();
      const outputTokens = meterAfter.usedOutputTokens - meterBefore.usedOutputTokens;
      acc.setUsage({
        inputTokens: Math.max(0, sequence.contextTokens.length - outputTokens),
        outputTokens,
        metadata: { stop_reason: result.metadata.stopReason },
      });
      const final = acc.finish() ?? acc.snapshot();
      const calls = result.functionCalls?.length ?? 0;
      if (callIds.length > calls) {
        // A call cut short (maxTokens) never completed: leave it out of the answer.
        const complete = new Set(callIds.slice(0, calls));
        final.content = final.content.filter((b) => b.type !== "tool_use" || complete.has(b.id));
      }
      yield final;
    } finally {
      request.signal.removeEventListener("abort", onAbort);
      controller.abort(new InterruptedError("The llama.cpp generation was stopped."));
      await generation.catch(() => {});
      chat.dispose({ disposeSequence: false });
      loaded.pool.release(sequence);
    }
  }
}
