import type { Memory } from "mem0ai/oss";
import {
  addConfig,
  type Mem0AddOptions,
  type Mem0Backend,
  type Mem0Message,
  type Mem0Result,
  type Mem0Scope,
  scopeFilters,
  toMem0Result,
} from "./mem0-backend.js";

/** mem0's open-source `Memory`, running in this process. */
export class LocalMem0Backend implements Mem0Backend {
  /** The mem0 `Memory`. */
  readonly memory: Memory;

  constructor(memory: Memory) {
    this.memory = memory;
  }

  /** Records messages through `Memory.add`. */
  async add(messages: Mem0Message[], options: Mem0AddOptions): Promise<Mem0Result> {
    return toMem0Result(await this.memory.add(messages, addConfig(options)));
  }

  /** Searches through `Memory.search` with the scope as filters. */
  async search(query: string, scope: Mem0Scope, limit: number): Promise<Mem0Result> {
    return toMem0Result(
      await this.memory.search(query, { topK: limit, filters: scopeFilters(scope) }),
    );
  }
}
