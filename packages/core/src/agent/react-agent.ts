import type { z } from "zod";
import { InterruptedError } from "../errors/interrupted-error.js";
import { StructuredOutputError } from "../errors/structured-output-error.js";
import { toValidationIssues } from "../errors/validate.js";
import type { ValidationIssue } from "../errors/validation-error.js";
import type { FormatHistory } from "../formatter/format-history.js";
import type { FormatterBase } from "../formatter/formatter-base.js";
import { getLogger } from "../logging/logger.js";
import { InMemoryMemory } from "../memory/in-memory-memory.js";
import type { LongTermMemoryBase } from "../memory/long-term-memory-base.js";
import type { MemoryBase } from "../memory/memory-base.js";
import { readMemoryHistory } from "../memory/read-memory-history.js";
import type { AudioBlock, ToolUseBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import { interruptedErrorFrom } from "../model/abortable-sleep.js";
import type { ChatModelBase, ChatModelCallOptions } from "../model/chat-model-base.js";
import type { ChatResponse, ChatUsage } from "../model/chat-response.js";
import { sumChatUsage } from "../model/chat-usage.js";
import type { ToolChoice } from "../model/tool-choice.js";
import type { PlanNotebook } from "../plan/plan-notebook.js";
import type { Document } from "../rag/document.js";
import type { KnowledgeBase } from "../rag/knowledge-base.js";
import type { StateModule } from "../state/state-module.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import { type ToolResponse, toolResponse } from "../tool/tool-response.js";
import { callToolAtOnce, readOnlyJsonSchemas, Toolkit } from "../tool/toolkit.js";
import { traceLongTermMemory } from "../tracing/memory-span.js";
import type { TTSModelBase } from "../tts/tts-model-base.js";
import { AgentBase, type AgentInput, type ReplyOptions, toAgentInput } from "./agent-base.js";
import { AGENT_HOOK_TYPES, type HookType, REACT_AGENT_HOOK_TYPES } from "./hook-types.js";
import {
  COMPRESSED_MARK,
  type CompressionConfig,
  DEFAULT_COMPRESSION_PROMPT,
  DEFAULT_SUMMARY_TEMPLATE,
  fillSummaryTemplate,
  HINT_MARK,
  selectMessagesToCompress,
} from "./react-agent-compression.js";
import {
  FINISH_FUNCTION_NAME,
  fakeInterruptedToolResult,
  GENERATE_TEXT_HINT,
  INTERRUPTED_REPLY_TEXT,
  knowledgeQuery,
  longTermMemoryMsg,
  REWRITE_QUERY_HINT,
  retrievedKnowledgeMsg,
  STRUCTURED_OUTPUT_REQUIRED_HINT,
  SUMMARIZING_HINT,
  sortByScore,
  userHint,
} from "./react-agent-hints.js";
import {
  type LongTermMemoryMode,
  type ReActAgentOptions,
  validateReActAgentOptions,
} from "./react-agent-options.js";
import { SpeechFollower } from "./speech-follower.js";

/** A reply whose `metadata` holds structured output of type `T`. */
export type StructuredMsg<T> = Msg & { metadata: T };

/** The options of {@link ReActAgent.reply}. */
export interface ReActReplyOptions extends ReplyOptions {
  /**
   * A zod object schema the reply must satisfy: the model fills it by calling the
   * `generate_response` tool, and the validated object becomes the reply's `metadata`. When no
   * valid call came within `maxIters`, the reply throws a `StructuredOutputError`.
   */
  structuredModel?: z.ZodType | null;
}

/** The keyword arguments reasoning hooks see (AgentScope's names). */
export interface ReasoningKwargs {
  /** `"auto"`, `"none"`, `"required"` or a tool name; `null` lets the model decide. */
  tool_choice: ToolChoice | null;
  [key: string]: unknown;
}

/** The keyword arguments acting hooks see (AgentScope's names). */
export interface ActingKwargs {
  /** The tool call to run. */
  tool_call: ToolUseBlock;
  [key: string]: unknown;
}

// What one reply shares between its steps: the abort signal read at its start and the usage of
// every model call made so far.
interface ReplyContext {
  readonly signal: AbortSignal;
  readonly usages: ChatUsage[];
  reasoningMsgId: string;
  /** Set once a step read the tool schemas: later steps of the reply skip the deep recheck. */
  schemasRead?: boolean;
  /**
   * Set once an interrupted reply was answered: steps that ignored the abort and finish later
   * must not add to memory any more (their tool calls already have interrupted results).
   */
  closed?: boolean;
}

/** How long an interrupted reply may take to record its partial results before the answer. */
const INTERRUPT_CLEANUP_WAIT_MS = 200;

/**
 * The ReAct agent: AgentScope's `ReActAgent`. Each reply alternates reasoning (a model call with
 * the toolkit's tools) and acting (running the tool calls, one by one or concurrently) until the
 * model answers without tool calls, or `maxIters` is reached and it is asked to summarise.
 *
 * Besides the AgentBase hooks, `pre_`/`post_` × `reasoning` (kwargs `{ tool_choice }`, output the
 * reasoning message) and `acting` (kwargs `{ tool_call }`, output the structured output or
 * `null`) run around each step. Structured output (`reply(msg, { structuredModel })`) goes
 * through the `generate_response` tool so it works together with other tools. Long-term memory,
 * knowledge retrieval (with query rewriting), a plan notebook and memory compression plug in
 * through the options. Model chunks, tool calls and tool results are emitted as stream events,
 * everything stops through {@link AgentBase.signal}, and the reply's `usage` sums the token use
 * of every model call made for it.
 *
 * `TMessage` is the message type its formatter produces and its model reads, inferred from the
 * options: a formatter and a model of different providers fail to compile.
 */
export class ReActAgent<TMessage extends object = object> extends AgentBase {
  /** Every agent hook type plus `pre_`/`post_` × `reasoning`, `acting`. */
  static override readonly supportedHookTypes: readonly HookType[] = [
    ...AGENT_HOOK_TYPES,
    ...REACT_AGENT_HOOK_TYPES,
  ];

  /** The name of the structured-output tool. */
  readonly finishFunctionName: string = FINISH_FUNCTION_NAME;
  /** The chat model. */
  model: ChatModelBase<TMessage>;
  /** The formatter of the model's requests. */
  formatter: FormatterBase<TMessage>;
  /** The dialogue history (saved as `memory`). */
  memory: MemoryBase;
  /** The long-term memory, if any (saved as `long_term_memory`). */
  longTermMemory: LongTermMemoryBase | undefined;
  /** The tools (saved as `toolkit`). */
  toolkit: Toolkit;
  /** The plan notebook, if any (saved as `plan_notebook`). */
  planNotebook: PlanNotebook | undefined;
  /** The knowledge bases queried before reasoning. */
  knowledge: KnowledgeBase[];
  /** Whether the model rewrites the query before knowledge retrieval. */
  enableRewriteQuery: boolean;
  /** Whether the tool calls of one step run concurrently. */
  parallelToolCalls: boolean;
  /** Whether hint messages are printed. */
  printHintMsg: boolean;
  /** The most reasoning–acting iterations per reply. */
  maxIters: number;
  /** Memory compression settings, if any. */
  compressionConfig: CompressionConfig<TMessage> | undefined;
  /** The TTS model speaking the answers, if any. */
  ttsModel: TTSModelBase | undefined;

  #sysPrompt: string;
  readonly #staticControl: boolean;
  readonly #agentControl: boolean;
  #requiredStructuredModel: z.ZodType | null = null;
  // What failed validation in the reply's last invalid generate_response call, if any.
  #structuredOutputFailure: ValidationIssue[] | null = null;
  #context: ReplyContext | undefined;
  #settled: Promise<void> | undefined;
  #finishTool: ToolDefinition | undefined;
  #systemPromptMsg: Msg | undefined;

  constructor(options: ReActAgentOptions<TMessage>) {
    super({
      name: validateReActAgentOptions(options).name,
      consoleOutputEnabled: options.consoleOutputEnabled,
    });
    this.#sysPrompt = options.sysPrompt;
    this.maxIters = options.maxIters ?? 10;
    this.model = options.model;
    this.formatter = options.formatter;
    this.compressionConfig = options.compressionConfig;
    this.ttsModel = options.ttsModel;

    this.memory = options.memory ?? new InMemoryMemory();
    this.longTermMemory = options.longTermMemory;
    const mode: LongTermMemoryMode = options.longTermMemoryMode ?? "both";
    this.#staticControl = !!this.longTermMemory && mode !== "agent_control";
    this.#agentControl = !!this.longTermMemory && mode !== "static_control";

    this.toolkit = options.toolkit ?? new Toolkit();
    if (this.#agentControl && this.longTermMemory) {
      for (const tool of this.longTermMemory.asTools()) {
        this.toolkit.registerToolFunction(this.#warnOnFailure(tool));
      }
    }
    if (options.enableMetaTool) this.toolkit.registerMetaTool();
    this.parallelToolCalls = options.parallelToolCalls ?? false;

    const knowledge = options.knowledge;
    this.knowledge =
      knowledge === undefined ? [] : Array.isArray(knowledge) ? knowledge : [knowledge];
    this.enableRewriteQuery = options.enableRewriteQuery ?? true;

    this.planNotebook = options.planNotebook;
    if (this.planNotebook) {
      if (options.enableMetaTool) {
        this.toolkit.createToolGroup("plan_related", this.planNotebook.description);
        for (const tool of this.planNotebook.listTools()) {
          this.toolkit.registerToolFunction(tool, { groupName: "plan_related" });
        }
      } else {
        for (const tool of this.planNotebook.listTools()) this.toolkit.registerToolFunction(tool);
      }
    }
    this.printHintMsg = options.printHintMsg ?? false;

    this.registerState("name");
    this.registerState("_sys_prompt");
  }

  /**
   * The system prompt sent before the conversation, followed by the toolkit's agent skills prompt
   * when skills are registered (as AgentScope's `sys_prompt` property does).
   */
  get sysPrompt(): string {
    const skills = this.toolkit.getAgentSkillPrompt();
    return skills ? `${this.#sysPrompt}\n\n${skills}` : this.#sysPrompt;
  }

  /** Replaces the system prompt (as assigning AgentScope's `_sys_prompt` does). */
  set sysPrompt(value: string) {
    this.#sysPrompt = value;
  }

  /** The state attribute behind {@link ReActAgent.sysPrompt}, named as AgentScope saves it. */
  protected get _sys_prompt(): string {
    return this.#sysPrompt;
  }

  protected set _sys_prompt(value: string) {
    this.#sysPrompt = value;
  }

  /** The nested modules under AgentScope's attribute names (`plan_notebook`, `long_term_memory`). */
  protected override stateModules(): [string, StateModule][] {
    const names: Record<string, string> = {
      planNotebook: "plan_notebook",
      longTermMemory: "long_term_memory",
    };
    return super.stateModules().map(([key, module]) => [names[key] ?? key, module]);
  }

  /**
   * Runs the agent on `msg` (a string is sent as a user message). With a `structuredModel`, the
   * reply's `metadata` is typed as the schema's output: `(await agent.call(q, { structuredModel:
   * S })).metadata` is a `z.infer<typeof S>` that passed the schema; when the model gives none,
   * the call rejects with a `StructuredOutputError` (AgentScope answers with `metadata = None`).
   */
  override call<S extends z.ZodType>(
    msg: AgentInput | undefined,
    options: ReActReplyOptions & { structuredModel: S },
  ): Promise<StructuredMsg<z.output<S>>>;
  override call(msg?: AgentInput, options?: ReActReplyOptions): Promise<Msg>;
  override call(msg?: AgentInput, options?: ReActReplyOptions): Promise<Msg> {
    const args = options === undefined ? [msg] : [msg, options];
    return super.call(...(args as Parameters<this["reply"]>));
  }

  /**
   * Answers `msg`: records it, retrieves from long-term memory and knowledge, then runs the
   * reasoning–acting loop (compressing memory first when configured). With `structuredModel`,
   * the reply's `metadata` holds the validated structured output. `reply.usage` sums every model
   * call made for this reply.
   */
  override async reply(input?: AgentInput, options: ReActReplyOptions = {}): Promise<Msg> {
    const msg = toAgentInput(input);
    const context: ReplyContext = { signal: this.signal, usages: [], reasoningMsgId: "" };
    this.#context = context;
    // The `invoke_agent` span is AgentBase's (around every agent's reply).
    const running = this.#reply(context, msg ?? null, options.structuredModel ?? null);
    this.#settled = running.then(
      () => undefined,
      () => undefined,
    );
    const reply = await running;
    const usage = sumChatUsage(context.usages);
    if (usage) reply.usage = usage;
    return reply;
  }

  async #reply(
    context: ReplyContext,
    msg: Msg | Msg[] | null,
    structuredModel: z.ZodType | null,
  ): Promise<Msg> {
    // An interrupted reply is abandoned by `call()`; these checkpoints make sure it stops too.
    const checkpoint = () => {
      if (context.signal.aborted) throw interruptedErrorFrom(context.signal);
    };
    await this.memory.add(msg);
    // Each step below is skipped (no promise) when it has nothing to do and is not overridden.
    if (this.#staticMemory() || this.retrieveFromLongTermMemory !== ownRetrieveFromLongTermMemory) {
      await this.retrieveFromLongTermMemory(msg);
    }
    if (this.knowledge.length > 0 || this.retrieveFromKnowledge !== ownRetrieveFromKnowledge) {
      await this.retrieveFromKnowledge(msg);
    }
    checkpoint();

    let toolChoice: ToolChoice | null = null;
    this.#requiredStructuredModel = structuredModel;
    this.#structuredOutputFailure = null;
    if (structuredModel) {
      if (!this.toolkit.tools.has(this.finishFunctionName)) {
        this.toolkit.registerToolFunction(this.#generateResponseTool());
      }
      this.toolkit.setExtendedModel(
        this.finishFunctionName,
        structuredModel as z.ZodType<Record<string, unknown>>,
      );
      toolChoice = "required";
    } else {
      this.toolkit.removeToolFunction(this.finishFunctionName);
    }

    let structuredOutput: Record<string, unknown> | null = null;
    let replyMsg: Msg | null = null;
    for (let iter = 0; iter < this.maxIters; iter++) {
      // Not called (no promise per step) when compression is off and the method is not overridden.
      if (
        this.compressionConfig?.enable ||
        this.compressMemoryIfNeeded !== ownCompressMemoryIfNeeded
      ) {
        await this.compressMemoryIfNeeded();
      }
      checkpoint();

      const msgReasoning = await this.runWithHooks<ReasoningKwargs, Msg>(
        "reasoning",
        { tool_choice: toolChoice },
        (kwargs) => (context.closed ? closedStep(context) : this.reasoning(kwargs.tool_choice)),
      );

      checkpoint();
      const toolCalls = msgReasoning.getContentBlocks("tool_use");
      let outputs = toolCalls.length > 0 ? await this.#actAll(toolCalls) : [];
      checkpoint();

      if (this.#requiredStructuredModel) {
        outputs = outputs.filter((o) => o);
        let hint: Msg | null = null;
        if (outputs.length > 0) {
          structuredOutput = outputs[outputs.length - 1] ?? null;
          if (msgReasoning.hasContentBlocks("text")) {
            replyMsg = new Msg(this.name, msgReasoning.getContentBlocks("text"), "assistant", {
              metadata: structuredOutput,
            });
            break;
          }
          hint = userHint(GENERATE_TEXT_HINT);
          await this.memory.add(hint, { marks: HINT_MARK });
          toolChoice = "none";
          this.#requiredStructuredModel = null;
        } else if (toolCalls.length === 0) {
          hint = userHint(STRUCTURED_OUTPUT_REQUIRED_HINT);
          await this.memory.add(hint, { marks: HINT_MARK });
          toolChoice = "required";
        }
        if (hint && this.printHintMsg) await this.print(hint);
      } else if (toolCalls.length === 0) {
        msgReasoning.metadata = structuredOutput ?? {};
        replyMsg = msgReasoning;
        break;
      }
    }

    if (replyMsg === null) {
      replyMsg = await this.summarizing();
      replyMsg.metadata = structuredOutput ?? {};
      await this.memory.add(replyMsg);
    }

    if (this.#staticMemory() || this.recordToLongTermMemory !== ownRecordToLongTermMemory) {
      await this.recordToLongTermMemory();
    }
    // AgentScope answers with `metadata = None` here; a typed reply must hold the structure.
    if (structuredModel && structuredOutput === null) throw this.#noStructuredOutput(replyMsg);
    return replyMsg;
  }

  // The error of a reply that asked for structured output and never got a valid one.
  #noStructuredOutput(replyMsg: Msg): StructuredOutputError {
    const failure = this.#structuredOutputFailure;
    return new StructuredOutputError({
      reason: failure ? "invalid" : "missing",
      source: `Agent '${this.name}'`,
      expected: `by calling ${this.finishFunctionName} within maxIters (${this.maxIters})`,
      ...(failure ? { issues: failure } : {}),
      lastText: replyMsg.getTextContent() ?? "",
      hint: `The reply (the model's summary) was kept in memory. Raise maxIters, or say in the system prompt to call ${this.finishFunctionName}.`,
    });
  }

  // Runs the tool calls of one reasoning step through the acting hooks: concurrently when
  // `parallelToolCalls`, else one after another. Every call finishes before an error is raised;
  // when a sequential run is interrupted, the calls not run yet get fake "interrupted" results so
  // every tool_use in memory keeps a tool_result.
  async #actAll(toolCalls: ToolUseBlock[]): Promise<(Record<string, unknown> | null)[]> {
    const context = this.#currentContext();
    const act = (toolCall: ToolUseBlock) =>
      this.runWithHooks<ActingKwargs, Record<string, unknown> | null>(
        "acting",
        { tool_call: toolCall },
        (kwargs) => (context.closed ? closedStep(context) : this.acting(kwargs.tool_call)),
      );
    if (!this.parallelToolCalls) {
      const outputs: (Record<string, unknown> | null)[] = [];
      for (let index = 0; index < toolCalls.length; index++) {
        const toolCall = toolCalls[index] as ToolUseBlock;
        try {
          outputs.push((await act(toolCall)) ?? null);
        } catch (error) {
          if (isInterruption(error, context.signal) && !context.closed) {
            for (const pending of toolCalls.slice(index + 1)) {
              const result = fakeInterruptedToolResult(pending);
              await this.memory.add(result);
              await this.print(result, { last: true });
            }
          }
          throw error;
        }
      }
      return outputs;
    }
    const settled = await Promise.allSettled(toolCalls.map(act));
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
    if (failed) throw failed.reason;
    return settled.map(
      (s) => (s as PromiseFulfilledResult<Record<string, unknown> | null>).value ?? null,
    );
  }

  /**
   * One reasoning step: adds the plan hint (marked `hint`), formats the system prompt and memory,
   * drops the hints, and asks the model (streaming: each chunk is printed and emitted). When
   * interrupted, what was streamed is recorded and every tool call it holds gets a fake
   * "interrupted" result; when the model call fails otherwise (a cut stream, say), nothing of the
   * half-received message reaches memory.
   */
  protected async reasoning(toolChoice?: ToolChoice | null): Promise<Msg> {
    const context = this.#currentContext();
    if (this.planNotebook) {
      const hint = await this.planNotebook.getCurrentHint();
      if (this.printHintMsg && hint) await this.print(hint);
      await this.memory.add(hint, { marks: HINT_MARK });
    }
    // Read by the formatter and the model: the same copies while the schemas are unchanged
    // (compared in depth at the first step of a reply; by identity at the next ones).
    const tools = readOnlyJsonSchemas(this.toolkit, context.schemasRead !== true);
    context.schemasRead = true;
    // The memory's history proves what was only appended since the last step: formatted once.
    const { msgs, history } = await readMemoryHistory(
      this.memory,
      { excludeMark: this.#compressedMarkToExclude() },
      1,
    );
    const prompt = await this.#format(this.formatter, [this.#systemMsg(), ...msgs], tools, history);
    await this.memory.deleteByMark(HINT_MARK);

    const msg = new Msg({ name: this.name, content: [], role: "assistant" });
    context.reasoningMsgId = msg.id;
    let interrupted = false;
    let failed = false;
    try {
      const options = { tools, ...(toolChoice ? { toolChoice } : {}) };
      if (this.model.streaming || this.ttsModel)
        await this.#generate(prompt, options, msg, context);
      else {
        // The common non-streaming step, without #generate's frame around the model call.
        const res = await this.model.call(prompt, { ...options, signal: context.signal });
        this.#takeResponse(res, msg, context);
        await this.print(msg, { last: true, speech: speechOf(msg) });
        if (this.emitsEvents) await this.emitModelChunk(snapshot(msg), true);
      }
    } catch (error) {
      failed = true;
      interrupted = isInterruption(error, context.signal);
      throw error;
    } finally {
      // An interrupted step keeps what was streamed (as AgentScope does); a failed one keeps
      // nothing, so no half-parsed tool call is ever replayed to the model.
      if (context.closed) {
        // The interrupted reply was answered while this step ignored the abort: record nothing.
      } else if (!failed || (interrupted && msg.hasContentBlocks())) await this.memory.add(msg);
      if (interrupted && !context.closed) {
        for (const toolCall of msg.getContentBlocks("tool_use")) {
          const result = fakeInterruptedToolResult(toolCall);
          await this.memory.add(result);
          await this.print(result, { last: true });
        }
      }
    }
    return msg;
  }

  /**
   * Runs one tool call: emits a `tool_call` event, then prints and emits each (cumulative)
   * response chunk, and records the result in memory. Returns the structured output when the
   * call was a successful `generate_response`, else `null`. Throws an `InterruptedError` when
   * the tool reports it was interrupted.
   */
  protected async acting(toolCall: ToolUseBlock): Promise<Record<string, unknown> | null> {
    const context = this.#currentContext();
    const block = {
      type: "tool_result" as const,
      id: toolCall.id,
      name: toolCall.name,
      output: [] as ToolResponse["content"],
    };
    const resultMsg = new Msg("system", [block], "system");
    // Events are built only when someone receives them (not during a plain `call()`).
    const emitting = this.emitsEvents;
    // One response (print, emit, check): `done` once the call is over for this step.
    const take = async (
      chunk: ToolResponse,
    ): Promise<{ output: Record<string, unknown> | null } | undefined> => {
      block.output = chunk.content;
      await this.print(resultMsg, { last: chunk.isLast });
      if (emitting) {
        await this.emit({
          type: "tool_result_chunk",
          msgId: resultMsg.id,
          toolResult: { ...block, output: [...chunk.content] },
          last: chunk.isLast,
        });
      }
      if (chunk.isInterrupted) {
        throw context.signal.aborted
          ? interruptedErrorFrom(context.signal)
          : new InterruptedError(`The tool call '${toolCall.name}' was interrupted.`);
      }
      if (toolCall.name === this.finishFunctionName && chunk.metadata?.success) {
        return {
          output: (chunk.metadata.structured_output as Record<string, unknown> | null) ?? null,
        };
      }
      return undefined;
    };
    try {
      if (emitting) {
        await this.emit({ type: "tool_call", msgId: context.reasoningMsgId, toolUse: toolCall });
      }
      // A tool that answers at once is one response, read without a generator.
      const call = callToolAtOnce(this.toolkit, toolCall, { signal: context.signal, agent: this });
      if (!(Symbol.asyncIterator in call)) return (await take(call))?.output ?? null;
      for await (const chunk of call) {
        const done = await take(chunk);
        if (done) return done.output;
      }
      return null;
    } finally {
      // Once the interrupted reply was answered, its open calls already have results.
      if (!context.closed) await this.memory.add(resultMsg);
    }
  }

  /** Adds `msg` to memory without replying. */
  override async observe(msg: Msg | Msg[] | null): Promise<void> {
    await this.memory.add(msg);
  }

  /**
   * The answer once `maxIters` is reached: the model is asked (without tools) to summarise the
   * current situation.
   */
  protected async summarizing(): Promise<Msg> {
    const context = this.#currentContext();
    const prompt = await this.#format(this.formatter, [
      new Msg("system", this.sysPrompt, "system"),
      ...(await this.memory.getMemory({ excludeMark: this.#compressedMarkToExclude() })),
      userHint(SUMMARIZING_HINT),
    ]);
    const msg = new Msg({ name: this.name, content: [], role: "assistant" });
    await this.#generate(prompt, {}, msg, context);
    return msg;
  }

  /**
   * The reply to an interrupted `reply()`: waits (briefly) for the interrupted steps to record
   * their partial results, then answers with AgentScope's text and `metadata._is_interrupted`,
   * prints the answer and adds it to memory.
   */
  override async handleInterrupt(
    _msg?: Msg | Msg[] | null,
    _options?: ReActReplyOptions,
  ): Promise<Msg> {
    await this.#waitForInterruptedReply();
    await this.#closeInterruptedReply();
    const response = new Msg(this.name, INTERRUPTED_REPLY_TEXT, "assistant", {
      metadata: { _is_interrupted: true },
    });
    const usage = sumChatUsage(this.#context?.usages ?? []);
    if (usage) response.usage = usage;
    await this.print(response, { last: true });
    await this.memory.add(response);
    return response;
  }

  /**
   * The `generate_response` tool's logic: validates `kwargs` against the required structured
   * model and returns it in the response metadata (`{ success, structured_output }`).
   */
  generateResponse(kwargs: Record<string, unknown>): ToolResponse {
    const schema = this.#requiredStructuredModel;
    let structuredOutput: unknown = null;
    if (schema) {
      const parsed = schema.safeParse(kwargs);
      if (!parsed.success) {
        this.#structuredOutputFailure = toValidationIssues(parsed.error, kwargs);
        return toolResponse(`Arguments Validation Error: ${parsed.error.message}`, {
          metadata: { success: false, structured_output: {} },
        });
      }
      structuredOutput = parsed.data;
      this.#structuredOutputFailure = null;
    }
    return toolResponse("Successfully generated response.", {
      metadata: { success: true, structured_output: structuredOutput },
      isLast: true,
    });
  }

  // The long-term memory the reply itself retrieves from and records to (`static_control` or
  // `both` mode), if any.
  #staticMemory(): LongTermMemoryBase | undefined {
    return this.#staticControl ? this.longTermMemory : undefined;
  }

  /**
   * In `static_control` (or `both`) mode, adds what the long-term memory retrieves for `msg` to
   * memory, as a `long_term_memory` message.
   */
  protected async retrieveFromLongTermMemory(msg: Msg | Msg[] | null): Promise<void> {
    const ltm = this.#staticMemory();
    if (!ltm || !hasInput(msg)) return;
    let retrieved: string;
    try {
      retrieved = await traceLongTermMemory(
        { agent: this, memory: ltm, operation: "retrieve" },
        () => ltm.retrieve(msg),
      );
    } catch (error) {
      await this.#longTermMemoryFailed("retrieve", error);
      return;
    }
    if (!retrieved) return;
    const retrievedMsg = longTermMemoryMsg(retrieved);
    if (this.printHintMsg) await this.print(retrievedMsg, { last: true });
    await this.memory.add(retrievedMsg);
  }

  /**
   * In `static_control` (or `both`) mode, hands the (uncompressed) memory to the long-term memory
   * to record.
   */
  protected async recordToLongTermMemory(): Promise<void> {
    const ltm = this.#staticMemory();
    if (!ltm) return;
    const msgs = await this.memory.getMemory({ excludeMark: COMPRESSED_MARK });
    try {
      await traceLongTermMemory({ agent: this, memory: ltm, operation: "record" }, () =>
        ltm.record(msgs),
      );
    } catch (error) {
      await this.#longTermMemoryFailed("record", error);
    }
  }

  // A failing long-term memory (e.g. its backend is down) does not fail the reply (AgentScope
  // lets the error through): it is logged and emitted as a `warning` event, and its span (or
  // the tool's, in agent_control mode) ends with the error. An interruption still stops the reply.
  async #longTermMemoryFailed(operation: string, error: unknown): Promise<void> {
    if (isInterruption(error, this.#currentContext().signal)) throw error;
    const message = `Skipping the long-term memory ${operation} due to error: ${errorText(error)}`;
    getLogger().warn(message, { agent: this.name, operation });
    await this.emit({ type: "warning", source: `long_term_memory.${operation}`, message, error });
  }

  /**
   * Queries the knowledge bases with the input's text (first rewritten by the model when
   * `enableRewriteQuery`) and adds the documents, best first, to memory.
   */
  protected async retrieveFromKnowledge(msg: Msg | Msg[] | null): Promise<void> {
    if (this.knowledge.length === 0 || !hasInput(msg)) return;
    let query = knowledgeQuery(msg);
    if (!query) return;
    if (this.enableRewriteQuery) query = (await this.#rewriteQuery()) ?? query;
    const docs: Document[] = [];
    for (const kb of this.knowledge) docs.push(...(await kb.retrieve(query)));
    if (docs.length === 0) return;
    const retrievedMsg = retrievedKnowledgeMsg(sortByScore(docs));
    if (this.printHintMsg) await this.print(retrievedMsg, { last: true });
    await this.memory.add(retrievedMsg);
  }

  // Asks the model (structured output) for a retrieval query; `null` when it fails.
  async #rewriteQuery(): Promise<string | null> {
    const context = this.#currentContext();
    try {
      const prompt = await this.#format(this.formatter, [
        new Msg("system", this.sysPrompt, "system"),
        ...(await this.memory.getMemory({ excludeMark: this.#compressedMarkToExclude() })),
        userHint(REWRITE_QUERY_HINT),
      ]);
      // The structured-output schemas are zod (what models take): loaded on first use, not at import.
      const { QueryRewriteSchema } = await import("../zod/agent-schemas.js");
      const res = await this.#call(this.model, prompt, QueryRewriteSchema, context);
      const rewritten = res.metadata?.rewritten_query;
      return typeof rewritten === "string" && rewritten ? rewritten : null;
    } catch (error) {
      if (isInterruption(error, context.signal)) throw error;
      getLogger().warn(`Skipping the query rewriting due to error: ${errorText(error)}`, {
        agent: this.name,
      });
      return null;
    }
  }

  /**
   * When compression is enabled and the uncompressed messages (all but the `keepRecent` latest)
   * format to more than `triggerThreshold` tokens, has the model summarise them into the memory's
   * compressed summary and marks them `compressed`.
   */
  protected async compressMemoryIfNeeded(): Promise<void> {
    const config = this.compressionConfig;
    if (!config?.enable) return;
    const context = this.#currentContext();
    const uncompressed = await this.memory.getMemory({ excludeMark: COMPRESSED_MARK });
    const toCompress = selectMessagesToCompress(uncompressed, config.keepRecent ?? 3);
    if (toCompress.length === 0) return;

    const system = new Msg("system", this.sysPrompt, "system");
    const prompt = await this.#format(this.formatter, [system, ...toCompress]);
    const tokens = await config.agentTokenCounter.count(prompt);
    if (tokens <= config.triggerThreshold) return;

    const formatter = config.compressionFormatter ?? this.formatter;
    const compressionPrompt = await this.#format(formatter, [
      system,
      ...toCompress,
      userHint(config.compressionPrompt ?? DEFAULT_COMPRESSION_PROMPT),
    ]);
    let summary: Record<string, unknown> | undefined;
    try {
      const res = await this.#call(
        config.compressionModel ?? this.model,
        compressionPrompt,
        config.summarySchema ?? (await import("../zod/agent-schemas.js")).SummarySchema,
        context,
      );
      summary = res.metadata;
    } catch (error) {
      // No usable summary: compression is skipped this time, as AgentScope does.
      if (!(error instanceof StructuredOutputError)) throw error;
    }
    if (!summary) {
      getLogger().warn(
        `Failed to obtain compression summary from the model structured output in agent ${this.name}.`,
        { agent: this.name },
      );
      return;
    }
    await this.memory.updateCompressedSummary(
      fillSummaryTemplate(config.summaryTemplate ?? DEFAULT_SUMMARY_TEMPLATE, summary),
    );
    await this.memory.updateMessagesMark({
      msgIds: toCompress.map((m) => m.id),
      newMark: COMPRESSED_MARK,
    });
  }

  // The system prompt as a message, built again only when the prompt changed (or the message was
  // changed in place): every reasoning step formats one.
  #systemMsg(): Msg {
    const cached = this.#systemPromptMsg;
    if (
      cached?.content === this.sysPrompt &&
      cached.name === "system" &&
      cached.role === "system" &&
      isEmpty(cached.metadata)
    ) {
      return cached;
    }
    this.#systemPromptMsg = new Msg("system", this.sysPrompt, "system");
    return this.#systemPromptMsg;
  }

  #compressedMarkToExclude(): string | null {
    return this.compressionConfig?.enable ? COMPRESSED_MARK : null;
  }

  // Not `async`: the formatter's own promise (every caller awaits it inside its own try).
  #format(
    formatter: FormatterBase<TMessage>,
    msgs: Msg[],
    tools?: readonly unknown[],
    history?: FormatHistory,
  ): Promise<TMessage[]> {
    return formatter.format(msgs, tools || history ? { tools, history } : {});
  }

  // A non-printed model call (query rewrite, compression); its usage counts for the reply.
  async #call(
    model: ChatModelBase<TMessage>,
    prompt: readonly TMessage[],
    structuredModel: z.ZodType,
    context: ReplyContext,
  ): Promise<ChatResponse> {
    const res = await model.call(prompt, { structuredModel, signal: context.signal });
    if (res.usage) context.usages.push(res.usage);
    return res;
  }

  // Calls the agent's model and fills `msg` with the answer: streamed chunks are printed
  // (`last: false`) and emitted as they come, then the final message is printed and emitted. With
  // a TTS model, the speech follows the text (see SpeechFollower): each print carries the audio
  // new since the previous one, the rest is printed (text unchanged) once the text is complete.
  async #generate(
    prompt: readonly TMessage[],
    options: Omit<ChatModelCallOptions, "signal">,
    msg: Msg,
    context: ReplyContext,
  ): Promise<void> {
    const request = { ...options, signal: context.signal };
    const voice: Voice | undefined = this.ttsModel
      ? { follower: new SpeechFollower(this.ttsModel, context.signal), failed: false }
      : undefined;
    let spoken = false;
    try {
      if (this.model.streaming) {
        const emitting = this.emitsEvents;
        let last: ChatResponse | undefined;
        try {
          for await (const chunk of this.model.stream(prompt, request)) {
            last = chunk;
            msg.invocationId = chunk.id;
            msg.content = chunk.content;
            const speech = voice
              ? await this.#speak(voice, () => voice.follower.update(msg))
              : speechOf(msg);
            await this.print(msg, { last: false, speech });
            if (emitting) await this.emitModelChunk(snapshot(msg), false);
            if (voice && speech) await this.#emitSpeech(msg, speech, false);
          }
        } finally {
          if (last?.usage) context.usages.push(last.usage);
        }
      } else {
        this.#takeResponse(await this.model.call(prompt, request), msg, context);
      }
      if (voice) {
        await this.#speak(voice, async () => {
          for await (const speech of voice.follower.finish(msg)) {
            await this.print(msg, { last: false, speech });
            await this.#emitSpeech(msg, speech, false);
          }
          return null;
        });
      }
      spoken = true;
      await this.print(msg, { last: true, speech: voice ? null : speechOf(msg) });
      if (this.emitsEvents) await this.emitModelChunk(snapshot(msg), true);
      if (voice) await this.#emitSpeech(msg, [], true);
    } finally {
      if (voice && !spoken) await voice.follower.cancel(interruptedErrorFrom(context.signal));
    }
  }

  // Fills `msg` with a complete (non-streamed) answer; its usage counts for the reply.
  #takeResponse(res: ChatResponse, msg: Msg, context: ReplyContext): void {
    if (res.usage) context.usages.push(res.usage);
    msg.invocationId = res.id;
    msg.content = [...res.content];
  }

  // Runs a step of the speech; a TTS failure (not an interruption) leaves the text alone: the
  // speech stops for this message, and the error is logged and emitted as a `warning` event.
  async #speak(
    voice: Voice,
    step: () => Promise<AudioBlock[] | null>,
  ): Promise<AudioBlock[] | null> {
    if (voice.failed) return null;
    try {
      const speech = await step();
      return speech && speech.length > 0 ? speech : null;
    } catch (error) {
      if (isInterruption(error, this.#currentContext().signal)) throw error;
      voice.failed = true;
      await voice.follower.cancel(error);
      const message = `Speech stopped: the TTS model failed: ${errorText(error)}`;
      getLogger().warn(message, { agent: this.name });
      await this.emit({ type: "warning", source: "tts", message, error });
      return null;
    }
  }

  async #emitSpeech(msg: Msg, speech: AudioBlock[], last: boolean): Promise<void> {
    await this.emit({ type: "speech", msgId: msg.id, speech, last });
  }

  #currentContext(): ReplyContext {
    if (!this.#context) this.#context = { signal: this.signal, usages: [], reasoningMsgId: "" };
    return this.#context;
  }

  /**
   * Ends the interrupted reply for good: steps still running (a tool, middleware or hook that
   * ignored the abort) may no longer add to memory, and every `tool_use` in memory without a
   * `tool_result` gets an interrupted one, so the next request to the model is well-formed.
   */
  async #closeInterruptedReply(): Promise<void> {
    if (this.#context) this.#context.closed = true;
    const msgs = await this.memory.getMemory();
    const answered = new Set<string>();
    for (const m of msgs) for (const b of m.getContentBlocks("tool_result")) answered.add(b.id);
    for (const m of msgs) {
      for (const toolCall of m.getContentBlocks("tool_use")) {
        if (answered.has(toolCall.id)) continue;
        answered.add(toolCall.id);
        const result = fakeInterruptedToolResult(toolCall);
        await this.memory.add(result);
        await this.print(result, { last: true });
      }
    }
  }

  async #waitForInterruptedReply(): Promise<void> {
    const settled = this.#settled;
    if (!settled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      settled,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, INTERRUPT_CLEANUP_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }

  // A long-term memory tool that also logs and emits its failure as a `warning` (the toolkit
  // still turns it into an error result the model reads, and fails the tool's span).
  #warnOnFailure(tool: ToolDefinition): ToolDefinition {
    return {
      ...tool,
      execute: async (input, ctx) => {
        try {
          return await tool.execute(input, ctx);
        } catch (error) {
          await this.#longTermMemoryFailed(tool.name, error);
          throw error;
        }
      },
    };
  }

  #generateResponseTool(): ToolDefinition {
    this.#finishTool ??= {
      name: this.finishFunctionName,
      description: "Generate required structured output by this function and return it",
      parameters: { type: "object", properties: {} },
      // The structured model is checked by generateResponse, in AgentScope's words.
      ownArgumentErrors: true,
      execute: (input) => this.generateResponse(input),
    };
    return this.#finishTool;
  }
}

function isEmpty(metadata: object): boolean {
  for (const _ in metadata) return false;
  return true;
}

function hasInput(msg: Msg | Msg[] | null): msg is Msg | Msg[] {
  return Array.isArray(msg) ? msg.length > 0 : msg !== null;
}

// The speech of one message while it is generated, and whether its TTS model failed.
interface Voice {
  follower: SpeechFollower;
  failed: boolean;
}

function speechOf(msg: Msg): AudioBlock[] | null {
  // Called on every streamed chunk: no list is built for the usual message without audio.
  const content = msg.content;
  if (typeof content === "string" || !content.some(isAudio)) return null;
  return msg.getContentBlocks("audio");
}

const isAudio = (block: { type: string }): boolean => block.type === "audio";

// A copy of `msg` sharing its (never mutated) content array, for stream events.
function snapshot(msg: Msg): Msg {
  return new Msg({
    id: msg.id,
    name: msg.name,
    role: msg.role,
    content: msg.content,
    metadata: msg.metadata,
    timestamp: msg.timestamp,
    invocationId: msg.invocationId,
  });
}

function isInterruption(error: unknown, signal: AbortSignal): boolean {
  return (
    signal.aborted ||
    error instanceof InterruptedError ||
    (error instanceof Error && error.name === "AbortError")
  );
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// The base implementation, to tell an override apart (read here: a reference to the class inside
// its own body would make the bundler rename it, and traces name agents by their class).
const ownMethods = ReActAgent.prototype as unknown as {
  compressMemoryIfNeeded: () => Promise<void>;
  retrieveFromLongTermMemory: (msg: Msg | Msg[] | null) => Promise<void>;
  retrieveFromKnowledge: (msg: Msg | Msg[] | null) => Promise<void>;
  recordToLongTermMemory: () => Promise<void>;
};
const ownCompressMemoryIfNeeded = ownMethods.compressMemoryIfNeeded;
const ownRetrieveFromLongTermMemory = ownMethods.retrieveFromLongTermMemory;
const ownRetrieveFromKnowledge = ownMethods.retrieveFromKnowledge;
const ownRecordToLongTermMemory = ownMethods.recordToLongTermMemory;

/**
 * A step whose pre-hook ignored the abort and resumed after its reply was answered (the agent may
 * be on its next reply by then): it does not run, so it cannot write to memory (rejects with the
 * reply's interruption).
 */
function closedStep(context: ReplyContext): Promise<never> {
  return Promise.reject(interruptedErrorFrom(context.signal));
}
