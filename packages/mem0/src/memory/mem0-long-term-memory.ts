import {
  LongTermMemoryBase,
  Msg,
  type ToolResponse,
  toolResponse,
  ValidationError,
} from "@agentscope-ts/core";
import type { MemoryClient } from "mem0ai";
import type { Memory } from "mem0ai/oss";
import { loadMem0Hosted, loadMem0Oss } from "../adapter/load-mem0.js";
import { HostedMem0Backend } from "../backend/hosted-mem0-backend.js";
import { LocalMem0Backend } from "../backend/local-mem0-backend.js";
import type { Mem0Backend, Mem0Message, Mem0Result, Mem0Scope } from "../backend/mem0-backend.js";
import { buildMem0Config } from "./build-mem0-config.js";
import type { Mem0LongTermMemoryOptions } from "./mem0-long-term-memory-options.js";
import { contentQuery, contentText } from "./msg-text.js";

/** Options of {@link Mem0LongTermMemory.record}. */
export interface Mem0RecordOptions {
  /** The memory type of this record; defaults to the memory's `defaultMemoryType`. */
  memoryType?: string;
  /** Let mem0's LLM extract memories (default `true`) or store the text as it is. */
  infer?: boolean;
  /** Throw mem0's failure instead of returning it in `error` (default `false`). */
  throwOnError?: boolean;
}

/** Options of {@link Mem0LongTermMemory.retrieve}. */
export interface Mem0RetrieveOptions {
  /** Throw mem0's failure instead of returning it as the retrieved text (default `false`). */
  throwOnError?: boolean;
}

/** What {@link Mem0LongTermMemory.record} returns: mem0's result, or the failure. */
export interface Mem0RecordResult extends Mem0Result {
  /** `Error recording memory: …` when mem0 failed (the results are then empty). */
  error?: string;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function formatRelations(result: Mem0Result): string[] {
  return (result.relations ?? []).map(
    (r) => `${r.source} -- ${r.relationship} -- ${r.destination}`,
  );
}

function collectMemories(results: Mem0Result[]): string {
  const lines: string[] = [];
  for (const result of results) {
    for (const item of result.results) lines.push(item.memory);
    lines.push(...formatRelations(result));
  }
  return lines.join("\n");
}

/**
 * Long-term memory on mem0 (AgentScope's `Mem0LongTermMemory`): mem0's open-source `Memory` runs
 * in this process with **our** chat model and embedding model as its LLM and embedder (any
 * provider package), or mem0's hosted platform with `hosted: { apiKey }`. Memories are scoped by
 * `agentName`, `userName` and `runName` (mem0's `agent_id`, `user_id`, `run_id`; at least one is
 * required).
 *
 * - `record(msgs)` / `retrieve(msg, limit)` for developers and the ReAct agent's
 *   `static_control` mode;
 * - the tools `record_to_memory` and `retrieve_from_memory` for `agent_control` mode.
 *
 * mem0 failures (a model answer without the JSON mem0 asked for, a store error) never escape to
 * the agent: the tools return `Error recording memory: …` / `Error retrieving memory: …`,
 * `retrieve` returns that text and `record` returns it in `error`.
 */
export class Mem0LongTermMemory extends LongTermMemoryBase {
  /** mem0's `agent_id` (saved in sessions). */
  agentId: string | null;
  /** mem0's `user_id` (saved in sessions). */
  userId: string | null;
  /** mem0's `run_id` (saved in sessions). */
  runId: string | null;
  /** The memory type recorded by default (saved in sessions). */
  defaultMemoryType: string | null;
  readonly #options: Mem0LongTermMemoryOptions;
  #backend: Promise<Mem0Backend> | undefined;

  constructor(options: Mem0LongTermMemoryOptions) {
    super();
    const { agentName, userName, runName } = options;
    if (!agentName && !userName && !runName) {
      throw new ValidationError(
        "Mem0LongTermMemory options",
        [
          {
            path: "agentName",
            message: "at least one of agentName, userName and runName is required",
          },
        ],
        { hint: "mem0 scopes every memory by agent, user or run." },
      );
    }
    if (options.hosted && !options.hosted.apiKey) {
      throw new ValidationError("Mem0LongTermMemory options", [
        { path: "hosted.apiKey", message: "required (the mem0 platform API key)" },
      ]);
    }
    // Checks the models now, so a bad configuration fails at construction, not at first use.
    if (!options.hosted) buildMem0Config(options);
    this.#options = options;
    this.agentId = agentName ?? null;
    this.userId = userName ?? null;
    this.runId = runName ?? null;
    this.defaultMemoryType = options.defaultMemoryType ?? null;
    this.registerState("agentId");
    this.registerState("userId");
    this.registerState("runId");
    this.registerState("defaultMemoryType");
  }

  /** The scope of every call: the current agent, user and run ids. */
  get scope(): Mem0Scope {
    const scope: Mem0Scope = {};
    if (this.agentId) scope.agentId = this.agentId;
    if (this.userId) scope.userId = this.userId;
    if (this.runId) scope.runId = this.runId;
    return scope;
  }

  /**
   * The mem0 object underneath (AgentScope's `long_term_working_memory`): the in-process
   * `Memory`, or the platform's `MemoryClient` in hosted mode. Created on first use.
   */
  async longTermWorkingMemory(): Promise<Memory | MemoryClient> {
    const backend = await this.#getBackend();
    return backend instanceof LocalMem0Backend
      ? backend.memory
      : (backend as HostedMem0Backend).client;
  }

  /**
   * Records the messages (all as one assistant message, as the reference does), letting mem0
   * extract the memories. Returns mem0's result; a mem0 failure comes back in `error`.
   */
  override async record(
    msgs: Msg | (Msg | null)[],
    options: Mem0RecordOptions = {},
  ): Promise<Mem0RecordResult> {
    const list = (Array.isArray(msgs) ? msgs : [msgs]).filter((m): m is Msg => m != null);
    list.forEach((m, i) => {
      if (!(m instanceof Msg)) {
        throw new ValidationError("Mem0LongTermMemory.record input", [
          { path: `msgs[${i}]`, message: "expected a Msg or null" },
        ]);
      }
    });
    const content = list.map(contentText).join("\n");
    if (content.trim() === "") return { results: [] };
    try {
      return await this.#add(
        [{ role: "assistant", content, name: "assistant" }],
        options.infer ?? true,
        options.memoryType,
      );
    } catch (error) {
      if (options.throwOnError) throw error;
      return { results: [], error: `Error recording memory: ${errorText(error)}` };
    }
  }

  /**
   * The memories relevant to the message(s), one per line: each message's content is searched
   * for separately, up to `limit` memories each. A mem0 failure comes back as the text
   * `Error retrieving memory: …`.
   */
  override async retrieve(
    msg: Msg | Msg[] | null,
    limit = 5,
    options: Mem0RetrieveOptions = {},
  ): Promise<string> {
    if (msg === null) return "";
    const list = Array.isArray(msg) ? msg : [msg];
    list.forEach((m, i) => {
      if (!(m instanceof Msg)) {
        throw new ValidationError("Mem0LongTermMemory.retrieve input", [
          { path: Array.isArray(msg) ? `msg[${i}]` : "msg", message: "expected a Msg" },
        ]);
      }
    });
    try {
      return collectMemories(await this.#searchAll(list.map(contentQuery), limit));
    } catch (error) {
      if (options.throwOnError) throw error;
      return `Error retrieving memory: ${errorText(error)}`;
    }
  }

  /**
   * The `record_to_memory` tool. As the reference, it records `thinking` and `content` as a user
   * message; when mem0 extracts nothing, as an assistant message; and when still nothing, as it
   * is, without extraction.
   */
  override async recordToMemory(thinking: string, content: string[]): Promise<ToolResponse> {
    try {
      const text = (thinking ? [thinking, ...content] : content).join("\n");
      let results = await this.#add([{ role: "user", content: text, name: "user" }], true);
      if (results.results.length === 0) {
        results = await this.#add([{ role: "assistant", content: text, name: "assistant" }], true);
      }
      if (results.results.length === 0) {
        results = await this.#add([{ role: "assistant", content: text, name: "assistant" }], false);
      }
      return toolResponse(`Successfully recorded content to memory ${JSON.stringify(results)}`);
    } catch (error) {
      return toolResponse(`Error recording memory: ${errorText(error)}`);
    }
  }

  /** The `retrieve_from_memory` tool: up to `limit` memories for each keyword, one per line. */
  override async retrieveFromMemory(keywords: string[], limit = 5): Promise<ToolResponse> {
    try {
      return toolResponse(collectMemories(await this.#searchAll(keywords, limit)));
    } catch (error) {
      return toolResponse(`Error retrieving memory: ${errorText(error)}`);
    }
  }

  async #add(messages: Mem0Message[], infer: boolean, memoryType?: string): Promise<Mem0Result> {
    const backend = await this.#getBackend();
    const type = memoryType ?? this.defaultMemoryType;
    return backend.add(messages, {
      scope: this.scope,
      infer,
      ...(type ? { metadata: { memory_type: type } } : {}),
    });
  }

  async #searchAll(queries: string[], limit: number): Promise<Mem0Result[]> {
    const backend = await this.#getBackend();
    const scope = this.scope;
    return Promise.all(queries.map((query) => backend.search(query, scope, limit)));
  }

  #getBackend(): Promise<Mem0Backend> {
    this.#backend ??= this.#createBackend().catch((error: unknown) => {
      this.#backend = undefined;
      throw error;
    });
    return this.#backend;
  }

  async #createBackend(): Promise<Mem0Backend> {
    const { hosted, telemetry = false } = this.#options;
    if (hosted) {
      const { MemoryClient } = await loadMem0Hosted(telemetry);
      return new HostedMem0Backend(
        new MemoryClient({ apiKey: hosted.apiKey, ...(hosted.host ? { host: hosted.host } : {}) }),
      );
    }
    const { Memory } = await loadMem0Oss(telemetry);
    return new LocalMem0Backend(new Memory(buildMem0Config(this.#options)));
  }
}
