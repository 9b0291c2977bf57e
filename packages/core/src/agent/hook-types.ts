import type { AudioBlock } from "../message/content-block.js";
import type { Msg } from "../message/msg.js";
import type { AgentBase } from "./agent-base.js";

/** The hook types every agent supports (AgentScope's `AgentHookTypes`). */
export const AGENT_HOOK_TYPES = [
  "pre_reply",
  "post_reply",
  "pre_print",
  "post_print",
  "pre_observe",
  "post_observe",
] as const;

/** The extra hook types of ReAct agents (AgentScope's `ReActAgentHookTypes`). */
export const REACT_AGENT_HOOK_TYPES = [
  "pre_reasoning",
  "post_reasoning",
  "pre_acting",
  "post_acting",
] as const;

/** A hook type of every agent: `pre_`/`post_` × `reply`, `print`, `observe`. */
export type AgentHookType = (typeof AGENT_HOOK_TYPES)[number];
/** A hook type of ReAct agents: {@link AgentHookType} plus `pre_`/`post_` × `reasoning`, `acting`. */
export type ReActAgentHookType = AgentHookType | (typeof REACT_AGENT_HOOK_TYPES)[number];
/** Any hook type. Which ones a class accepts is its static `supportedHookTypes`. */
export type HookType = ReActAgentHookType;
/** The method a hook type is about: `reply`, `print`, `observe`, `reasoning` or `acting`. */
export type HookTarget = TargetOf<HookType>;
type TargetOf<T> = T extends `${"pre" | "post"}_${infer M}` ? M : never;

/** The arguments of `reply` as hooks see them: the input message plus the reply options. */
export interface ReplyKwargs {
  /** The input message(s). */
  msg?: Msg | Msg[] | null;
  /** Options of the reply (e.g. `structuredModel`), spread in by name. */
  [option: string]: unknown;
}

/** The arguments of `observe` as hooks see them. */
export interface ObserveKwargs {
  /** The observed message(s). */
  msg: Msg | Msg[] | null;
}

/** The arguments of `print` as hooks see them (defaults filled in). */
export interface PrintKwargs {
  /** The message to print. */
  msg: Msg;
  /** Whether this is the last chunk of a streamed message. */
  last: boolean;
  /** Audio to play along, if any. */
  speech: AudioBlock | AudioBlock[] | null;
}

/** The keyword arguments each hook target receives. */
export interface HookKwargsMap {
  reply: ReplyKwargs;
  observe: ObserveKwargs;
  print: PrintKwargs;
  reasoning: Record<string, unknown>;
  acting: Record<string, unknown>;
}

/** The output each hook target produces (what a post-hook sees and may replace). */
export interface HookOutputMap {
  reply: Msg;
  observe: undefined;
  print: undefined;
  reasoning: unknown;
  acting: unknown;
}

type MaybePromise<T> = T | Promise<T>;
// `void` lets hooks that return nothing (`() => { log(); }`) be registered as they are.
// biome-ignore lint/suspicious/noConfusingVoidType: a hook may return nothing at all.
type HookReturn<T> = T | undefined | null | void;

/**
 * A hook run before a method. It gets a deep copy of the arguments as a keyword object; returning
 * an object replaces the arguments for the next hooks and the method, returning nothing keeps them
 * (changes to the copy are then dropped), as in AgentScope.
 */
export type PreHook<K = Record<string, unknown>, A extends AgentBase = AgentBase> = (
  agent: A,
  kwargs: K,
) => MaybePromise<HookReturn<K>>;

/**
 * A hook run after a method. It gets deep copies of the (final) arguments and of the output;
 * returning a value replaces the output, returning nothing keeps it.
 */
export type PostHook<K = Record<string, unknown>, O = unknown, A extends AgentBase = AgentBase> = (
  agent: A,
  kwargs: K,
  output: O,
) => MaybePromise<HookReturn<O>>;

/** The hook function type for hook type `T`. */
export type HookFunction<
  T extends HookType,
  A extends AgentBase = AgentBase,
> = T extends `pre_${infer M extends HookTarget}`
  ? PreHook<HookKwargsMap[M], A>
  : T extends `post_${infer M extends HookTarget}`
    ? PostHook<HookKwargsMap[M], HookOutputMap[M], A>
    : never;

/** A hook of any type, as stored. */
// biome-ignore lint/suspicious/noExplicitAny: the stored form erases the per-type signatures.
export type AnyHook = (agent: any, kwargs: any, output?: any) => unknown;
