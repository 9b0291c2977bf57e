import type { MemoryClient } from "mem0ai";
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

/**
 * mem0's hosted platform through its `MemoryClient` (an API key; extraction and embeddings run on
 * mem0's servers, so the chat and embedding models are not used).
 */
export class HostedMem0Backend implements Mem0Backend {
  /** The platform client. */
  readonly client: MemoryClient;

  constructor(client: MemoryClient) {
    this.client = client;
  }

  /** Records messages through the platform's add endpoint. */
  async add(messages: Mem0Message[], options: Mem0AddOptions): Promise<Mem0Result> {
    return toMem0Result(await this.client.add(messages, addConfig(options)));
  }

  /**
   * Searches through the platform's search endpoint; several ids are combined with `AND`, as the
   * platform's filter language asks.
   */
  async search(query: string, scope: Mem0Scope, limit: number): Promise<Mem0Result> {
    const entries = Object.entries(scopeFilters(scope)).map(([key, value]) => ({ [key]: value }));
    const filters = entries.length === 1 ? entries[0] : { AND: entries };
    return toMem0Result(await this.client.search(query, { topK: limit, filters }));
  }
}
