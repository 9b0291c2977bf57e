import {
  AgentScopeError,
  type GetMemoryOptions,
  type MemoryAddOptions,
  MemoryBase,
  Msg,
  memoryMessagesArgument,
  optionalMarkArgument,
  stringListArgument,
  type UpdateMessagesMarkOptions,
} from "@agentscope-ts/core";
import { ADD, CLEAR, DELETE, DELETE_BY_MARK, SIZE, TOUCH, UPDATE_MARK } from "./memory-scripts.js";
import { pythonJsonDumps } from "./python-json.js";
import {
  type LuaScript,
  RedisConnection,
  type RedisConnectionOptions,
} from "./redis-connection.js";

/** Message payloads fetched per MGET. */
const MGET_CHUNK = 1000;

/** Options of {@link RedisMemory}: AgentScope's keyword arguments plus the connection. */
export interface RedisMemoryOptions extends RedisConnectionOptions {
  /** The session the messages belong to. Defaults to `"default_session"`. */
  sessionId?: string;
  /** The user the session belongs to. Defaults to `"default_user"`. */
  userId?: string;
}

/**
 * A working memory kept in Redis: AgentScope's `RedisMemory`, with its key layout, so an
 * AgentScope Python agent and ours can share one session's memory:
 * `{keyPrefix}user_id:{userId}:session:{sessionId}:messages` (list of message ids, in order),
 * `…:msg:{id}` (the message's `to_dict()` JSON), `…:mark:{mark}` (list of ids carrying the mark)
 * and `…:marks_index` (set of mark names). Each operation is one atomic Lua script, so concurrent
 * writers lose nothing and a dropped connection never leaves half an operation behind. The
 * compressed summary is state (saved by a session), as in AgentScope.
 */
export class RedisMemory extends MemoryBase {
  /** The session the messages belong to. */
  readonly sessionId: string;
  /** The user the session belongs to. */
  readonly userId: string;
  readonly #redis: RedisConnection;
  readonly #base: string;

  constructor(options: RedisMemoryOptions = {}) {
    super();
    this.sessionId = options.sessionId ?? "default_session";
    this.userId = options.userId ?? "default_user";
    this.#redis = new RedisConnection(options);
    this.#base = `${this.#redis.keyPrefix}user_id:${this.userId}:session:${this.sessionId}:`;
  }

  /** The Redis key holding the ordered message ids of this session. */
  get sessionKey(): string {
    return `${this.#base}messages`;
  }

  /** The underlying Redis client. */
  getClient() {
    return this.#redis.client;
  }

  async #run(script: LuaScript, args: string[], what: string): Promise<unknown> {
    const ttl = this.#redis.keyTtl === null ? "" : String(this.#redis.keyTtl);
    return this.#redis.eval(script, [], [this.#base, ttl, ...args], `${what} (${this.sessionKey})`);
  }

  override async add(
    memories: Msg | Msg[] | null | undefined,
    options: MemoryAddOptions = {},
  ): Promise<void> {
    const list = memoryMessagesArgument(memories);
    const marks = stringListArgument(options.marks, "marks", true);
    if (list.length === 0) return;
    const pairs = list.flatMap((m) => [m.id, pythonJsonDumps(m.toDict())]);
    await this.#run(
      ADD,
      [options.allowDuplicates ? "0" : "1", String(marks.length), ...marks, ...pairs],
      "add messages to memory",
    );
  }

  override async getMemory(options: GetMemoryOptions = {}): Promise<Msg[]> {
    const mark = optionalMarkArgument(options.mark, "mark");
    const excludeMark = optionalMarkArgument(options.excludeMark, "excludeMark");
    // Plain reads, as AgentScope does (a Lua loop over 100k keys is several times slower): the
    // id lists, then the payloads in pipelined MGETs. A message deleted in between is skipped.
    const what = `read memory (${this.sessionKey})`;
    const list = (key: string) =>
      this.#redis.call(["LRANGE", key, "0", "-1"], what) as Promise<string[]>;
    const [all, wanted, excluded] = await Promise.all([
      list(this.sessionKey),
      mark === null ? null : list(`${this.#base}mark:${mark}`),
      excludeMark === null ? null : list(`${this.#base}mark:${excludeMark}`),
    ]);
    const want = wanted && new Set(wanted);
    const skip = excluded && new Set(excluded);
    const ids = all.filter((id) => (!want || want.has(id)) && !skip?.has(id));
    // Each reply is parsed as it comes (its strings die young, instead of all 100k surviving to
    // the end of the read); the messages are put together in order at the end.
    const chunks: Promise<Msg[]>[] = [];
    const base = `${this.#base}msg:`;
    for (let i = 0; i < ids.length; i += MGET_CHUNK) {
      const end = Math.min(i + MGET_CHUNK, ids.length);
      const command: string[] = new Array(end - i + 1);
      command[0] = "MGET";
      for (let j = i; j < end; j++) command[j - i + 1] = base + ids[j];
      chunks.push(this.#redis.call(command, what).then((texts) => this.#parseAll(texts)));
    }
    const touched =
      this.#redis.keyTtl === null ? undefined : this.#run(TOUCH, [], "refresh the TTL");
    const [parsed] = await Promise.all([Promise.all(chunks), touched]);
    const out: Msg[] = [];
    if ((options.prependSummary ?? true) && this.compressedSummary) {
      out.push(new Msg("user", this.compressedSummary, "user"));
    }
    for (const msgs of parsed) for (let i = 0; i < msgs.length; i++) out.push(msgs[i] as Msg);
    return out;
  }

  #parseAll(texts: unknown): Msg[] {
    const list = texts as (string | null)[];
    const out: Msg[] = [];
    for (let i = 0; i < list.length; i++) {
      const text = list[i];
      if (text !== null && text !== undefined) out.push(this.#parse(text));
    }
    return out;
  }

  #parse(text: string): Msg {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new AgentScopeError(
        `A message in ${this.sessionKey} is not valid JSON (${(error as Error).message}); delete it or clear the memory.`,
        { cause: error },
      );
    }
    return Msg.fromStoredDict(data);
  }

  override async delete(msgIds: string[]): Promise<number> {
    const ids = [...new Set(stringListArgument(msgIds, "msgIds", false, "message ids"))];
    if (ids.length === 0) return 0;
    return Number(await this.#run(DELETE, ids, "delete messages from memory"));
  }

  override async deleteByMark(mark: string | string[]): Promise<number> {
    const marks = stringListArgument(mark, "mark", false);
    if (marks.length === 0) return 0;
    return Number(await this.#run(DELETE_BY_MARK, marks, "delete messages by mark"));
  }

  override async clear(): Promise<void> {
    await this.#run(CLEAR, [], "clear memory");
  }

  override async size(): Promise<number> {
    return Number(await this.#run(SIZE, [], "count memory"));
  }

  override async updateMessagesMark(options: UpdateMessagesMarkOptions): Promise<number> {
    const newMark = optionalMarkArgument(options.newMark, "newMark");
    const oldMark = optionalMarkArgument(options.oldMark, "oldMark");
    const ids =
      options.msgIds === undefined || options.msgIds === null
        ? null
        : stringListArgument(options.msgIds, "msgIds", false, "message ids");
    const args = [
      oldMark === null ? "0" : "1",
      oldMark ?? "",
      newMark === null ? "0" : "1",
      newMark ?? "",
      ids === null ? "0" : "1",
      ...(ids ?? []),
    ];
    return Number(await this.#run(UPDATE_MARK, args, "update message marks"));
  }

  /** Closes the connection (unless a client was passed in). */
  async close(): Promise<void> {
    await this.#redis.close();
  }

  /** Closes the connection: `await using memory = new RedisMemory(…)`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}
