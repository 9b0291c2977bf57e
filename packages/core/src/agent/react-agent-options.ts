import type { FormatterBase } from "../formatter/formatter-base.js";
import { LongTermMemoryBase } from "../memory/long-term-memory-base.js";
import { MemoryBase } from "../memory/memory-base.js";
import type { ChatModelBase } from "../model/chat-model-base.js";
import { PlanNotebook } from "../plan/plan-notebook.js";
import { KnowledgeBase } from "../rag/knowledge-base.js";
import { Toolkit } from "../tool/toolkit.js";
import type { TTSModelBase } from "../tts/tts-model-base.js";
import {
  array,
  boolean,
  type Check,
  checkValue,
  custom,
  int,
  min,
  number,
  object,
  oneOf,
  optional,
  string,
  union,
} from "../utils/checks.js";
import type { CompressionConfig } from "./react-agent-compression.js";

/**
 * Who drives the long-term memory of a {@link ReActAgentOptions}: the agent through its tools
 * (`agent_control`), the agent class around each reply (`static_control`), or both.
 */
export type LongTermMemoryMode = "agent_control" | "static_control" | "both";

/** The long-term memory modes, as AgentScope names them. */
export const LONG_TERM_MEMORY_MODES: readonly LongTermMemoryMode[] = [
  "agent_control",
  "static_control",
  "both",
];

/**
 * The options of `ReActAgent` (AgentScope's keyword arguments in camelCase). `TMessage` is the
 * message type the formatter produces and the model reads: a pair that does not fit fails to
 * compile (it is inferred from `formatter` and `model`).
 */
export interface ReActAgentOptions<TMessage extends object = object> {
  /** The agent's name, the sender of its messages. */
  name: string;
  /** The system prompt. */
  sysPrompt: string;
  /** The chat model the agent reasons with. */
  model: ChatModelBase<TMessage>;
  /** Turns messages into the model's request format. */
  formatter: FormatterBase<TMessage>;
  /** The tools the agent may call; a new empty Toolkit by default. */
  toolkit?: Toolkit;
  /** The dialogue history; a new `InMemoryMemory` by default. */
  memory?: MemoryBase;
  /** A long-term memory, driven as `longTermMemoryMode` says. */
  longTermMemory?: LongTermMemoryBase;
  /**
   * `agent_control`: its `record_to_memory`/`retrieve_from_memory` tools are registered;
   * `static_control`: it is queried before and recorded into after each reply; `both` (default).
   */
  longTermMemoryMode?: LongTermMemoryMode;
  /** Registers the meta tool `reset_equipped_tools` so the agent switches tool groups itself. */
  enableMetaTool?: boolean;
  /** Runs the tool calls of one reasoning step concurrently. Default `false` (one by one). */
  parallelToolCalls?: boolean;
  /** Knowledge base(s) queried with the input before reasoning. */
  knowledge?: KnowledgeBase | KnowledgeBase[];
  /** Lets the model rewrite the query before it is sent to the knowledge bases. Default `true`. */
  enableRewriteQuery?: boolean;
  /** A plan notebook: its tools are registered and its hint is shown before each reasoning step. */
  planNotebook?: PlanNotebook;
  /** Prints the hint messages (plan hint, retrieved memories and knowledge). Default `false`. */
  printHintMsg?: boolean;
  /** The most reasoning–acting iterations per reply, then a summarising answer. Default 10. */
  maxIters?: number;
  /** Summarises old messages once the prompt grows past a token threshold. */
  compressionConfig?: CompressionConfig<TMessage>;
  /** Whether `call()` prints to the console. Default `true`; `stream()` never prints. */
  consoleOutputEnabled?: boolean;
  /**
   * Speaks the answers (AgentScope's `tts_model`): the speech follows the text while it streams
   * and is attached to `print` as `speech` (audio deltas) and to `stream()` as `speech` events.
   */
  ttsModel?: TTSModelBase;
}

const hasMethods = (value: unknown, ...methods: string[]): boolean =>
  typeof value === "object" &&
  value !== null &&
  methods.every((m) => typeof (value as Record<string, unknown>)[m] === "function");

const instance = <T>(cls: abstract new (...args: never[]) => T, what: string): Check<T> =>
  custom<T>((value) => value instanceof cls, `expected ${what}`);

const compressionCheck = object({
  enable: boolean,
  agentTokenCounter: custom(
    (v) => hasMethods(v, "count"),
    "expected a token counter (an object with count(messages))",
  ),
  triggerThreshold: min(number, 0),
  keepRecent: optional(min(int, 0)),
  compressionPrompt: optional(string),
  summaryTemplate: optional(string),
  summarySchema: optional(
    custom(
      (v) => typeof (v as { safeParse?: unknown })?.safeParse === "function",
      "expected a zod schema",
    ),
  ),
  compressionModel: optional(
    custom((v) => hasMethods(v, "call", "stream"), "expected a ChatModelBase"),
  ),
  compressionFormatter: optional(
    custom((v) => hasMethods(v, "format"), "expected a FormatterBase"),
  ),
});

const optionsCheck = object({
  name: min(string, 1),
  sysPrompt: string,
  model: custom(
    (v) => hasMethods(v, "call", "stream"),
    "expected a chat model (a ChatModelBase with call() and stream())",
  ),
  formatter: custom(
    (v) => hasMethods(v, "format"),
    "expected a formatter (a FormatterBase with format(msgs))",
  ),
  toolkit: optional(instance(Toolkit, "a Toolkit")),
  memory: optional(instance(MemoryBase, "a MemoryBase (e.g. new InMemoryMemory())")),
  longTermMemory: optional(instance(LongTermMemoryBase, "a LongTermMemoryBase")),
  longTermMemoryMode: optional(oneOf(["agent_control", "static_control", "both"])),
  enableMetaTool: optional(boolean),
  parallelToolCalls: optional(boolean),
  knowledge: optional(
    union<unknown>(
      instance(KnowledgeBase, "a KnowledgeBase"),
      array(instance(KnowledgeBase, "a KnowledgeBase")),
    ),
  ),
  enableRewriteQuery: optional(boolean),
  planNotebook: optional(instance(PlanNotebook, "a PlanNotebook")),
  printHintMsg: optional(boolean),
  maxIters: optional(min(int, 0)),
  compressionConfig: optional(compressionCheck),
  consoleOutputEnabled: optional(boolean),
  ttsModel: optional(
    custom(
      (v) => hasMethods(v, "synthesize", "synthesizeStream", "push"),
      "expected a TTS model (a TTSModelBase with synthesize() and synthesizeStream())",
    ),
  ),
});

/**
 * Checks the options of `ReActAgent`, throwing a `ValidationError` that names every bad field
 * (e.g. `maxIters: expected int, received string`); returns `options`.
 */
export function validateReActAgentOptions<TMessage extends object>(
  options: ReActAgentOptions<TMessage>,
): ReActAgentOptions<TMessage> {
  checkValue(
    optionsCheck,
    options,
    "ReActAgent options",
    "Pass { name, sysPrompt, model, formatter } and optional toolkit, memory, maxIters…",
  );
  return options;
}
