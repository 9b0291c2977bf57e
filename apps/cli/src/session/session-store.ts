import { mkdir, readFile, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import {
  type AgentBase,
  type ReActAgent,
  SessionConflictError,
  SessionError,
  type StateDict,
} from "@agentscope-ts/core";
import { JSONSession } from "@agentscope-ts/core/node";
import { SqliteSession } from "@agentscope-ts/sqlite";
import { CliError, oneLine } from "../cli-error.js";

/**
 * The CLI's home folder: `$AGENTSCOPE_HOME`, else `~/.agentscope` (sessions, MCP server logs).
 */
export function agentscopeHome(env: NodeJS.ProcessEnv): string {
  const home = (env.AGENTSCOPE_HOME ?? "").trim();
  return resolve(home || join(homedir(), ".agentscope"));
}

/** Where sessions live: `--sessions-dir`, else `<agentscope home>/sessions`. */
export function sessionsDir(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  return flag ? resolve(flag) : join(agentscopeHome(env), "sessions");
}

/** The SQLite file, inside the sessions folder, that holds every session. */
export const SESSIONS_DB = "sessions.db";

/** A saved session as `agentscope sessions` lists it. */
export interface SessionInfo {
  /** The name given to `--session`. */
  name: string;
  /** When it was last saved. */
  savedAt: Date;
  /** How many messages its agent's memory holds (`undefined` when unreadable). */
  messages: number | undefined;
}

function countMessages(data: unknown): number | undefined {
  const memory = (data as { agent?: { memory?: { content?: unknown } } } | null)?.agent?.memory;
  return Array.isArray(memory?.content) ? memory.content.length : undefined;
}

/** `SqliteSession` with the raw reads and writes the CLI needs to check and import sessions. */
class CliSqliteSession extends SqliteSession {
  /** The saved JSON of a session, or `undefined`; records the version a later save checks. */
  read(name: string): Promise<unknown> {
    return this.readStates(name, "");
  }

  /** Stores `states` as they are; after `read` found nothing, only if still nothing is there. */
  write(name: string, states: Record<string, StateDict>): Promise<void> {
    return this.writeStates(name, "", states);
  }
}

/**
 * The conversations saved under names, in one SQLite file (`<dir>/sessions.db`, through
 * `SqliteSession`): a row per name holding `{"agent": <the agent's state>}` (memory, toolkit,
 * plan notebook), the layout of AgentScope's session JSON. Sessions saved by earlier versions as
 * `<dir>/<name>.json` (AgentScope's `JSONSession`) are imported on first load; the JSON file is
 * left as it was, as a backup, and is not read again.
 */
export class SessionStore {
  /** Reads the JSON files of earlier versions. */
  readonly legacy: JSONSession;
  #session: CliSqliteSession | undefined;

  constructor(readonly dir: string) {
    this.legacy = new JSONSession({ saveDir: dir });
  }

  /** The database file all sessions are saved in. */
  get dbPath(): string {
    return join(this.dir, SESSIONS_DB);
  }

  /** Where a session is saved (the database file; one row per name). */
  pathOf(_name: string): string {
    return this.dbPath;
  }

  /** Opens (and creates, with its folder) the database on first use. */
  async #open(): Promise<CliSqliteSession> {
    if (!this.#session) {
      await mkdir(this.dir, { recursive: true });
      this.#session = new CliSqliteSession({ dbPath: this.dbPath });
    }
    return this.#session;
  }

  /**
   * Loads the session `name` into `agent`; returns false when there is none yet. Leniently: state
   * the agent does not have (a plan saved without `--plan` now) is ignored, state it has that the
   * session lacks is kept as is, and the agent's name and system prompt stay as this run made them
   * (so a new working directory or `--sys-prompt` wins). A session that is corrupt or holds no
   * agent state is a one-line error naming where it is and saying what to do; it is never touched,
   * and the caller must not save over it. A `<name>.json` of an earlier version is imported once.
   */
  async load(name: string, agent: ReActAgent): Promise<boolean> {
    const { name: agentName, sysPrompt } = agent;
    try {
      const session = await this.#open();
      let data = await session.read(name);
      if (data === undefined) {
        data = await this.#readLegacy(name);
        if (data === undefined) return false;
        // Loaded into the agent first: a file the agent cannot take is refused before import.
        await this.legacy.load(name, { agent }, { strict: false });
        await this.#import(session, name, data as Record<string, StateDict>, agent);
        return true;
      }
      checkShape(data, `Session '${name}' in ${this.dbPath}`, "delete its row");
      return await session.load(name, { agent }, { strict: false });
    } catch (error) {
      throw new CliError(`${oneLine((error as Error).message)} Or use another --session name.`, {
        cause: error,
      });
    } finally {
      agent.name = agentName;
      agent.sysPrompt = sysPrompt;
    }
  }

  /**
   * The parsed `<name>.json` of an earlier version, or `undefined` when there is none. Refuses a
   * file that parses but holds no agent state (`{}`, `{"agent": 5}`, another program's JSON):
   * loading it leniently would load nothing and the next save would shadow it.
   */
  async #readLegacy(name: string): Promise<unknown> {
    const path = resolve(this.legacy.getSavePath(name));
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw new SessionError(`Cannot read session file ${path}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new SessionError(
        `Session file ${path} is not valid JSON (${(error as Error).message}); it is corrupt or not a session file. It was left untouched. Restore it from a backup, or delete it to start the session afresh.`,
        { cause: error },
      );
    }
    checkShape(data, `Session file ${path}`, "delete it");
    return data;
  }

  /** Writes an earlier version's session into the database, unless another process just did. */
  async #import(
    session: CliSqliteSession,
    name: string,
    data: Record<string, StateDict>,
    agent: ReActAgent,
  ): Promise<void> {
    try {
      await session.write(name, data);
    } catch (error) {
      if (!(error instanceof SessionConflictError)) throw error;
      // Another agentscope imported (or saved) it first: continue from what is saved now.
      await session.load(name, { agent }, { strict: false });
    }
  }

  /**
   * Saves `agent` under `name` (one transaction). If another agentscope process saved the same
   * session since this one loaded it, nothing is written and a one-line error says so.
   */
  async save(name: string, agent: AgentBase): Promise<void> {
    const session = await this.#open();
    try {
      await session.save(name, { agent });
    } catch (error) {
      if (!(error instanceof SessionConflictError)) throw error;
      throw new CliError(
        `Session '${name}' was saved by another agentscope process after this one loaded it; this turn was not saved, so the other process's save is kept. Resume with --session ${name} to continue from it, or use another --session name.`,
        { cause: error },
      );
    }
  }

  /**
   * The saved sessions, most recently saved first: those in the database, and `<name>.json` files
   * of an earlier version not imported yet. Listing writes nothing.
   */
  async list(): Promise<SessionInfo[]> {
    const infos: SessionInfo[] = [];
    const inDb = new Set<string>();
    if (await exists(this.dbPath)) {
      const session = await this.#open();
      for (const { sessionId, updatedAt } of await session.list()) {
        inDb.add(sessionId);
        let messages: number | undefined;
        try {
          messages = countMessages(await session.read(sessionId));
        } catch {
          messages = undefined;
        }
        infos.push({ name: sessionId, savedAt: updatedAt, messages });
      }
    }
    for (const name of await this.legacy.list()) {
      if (inDb.has(name)) continue;
      const path = this.legacy.getSavePath(name);
      try {
        const [info, text] = await Promise.all([stat(path), readFile(path, "utf8")]);
        let messages: number | undefined;
        try {
          messages = countMessages(JSON.parse(text));
        } catch {
          messages = undefined;
        }
        infos.push({ name, savedAt: info.mtime, messages });
      } catch {
        // removed while listing
      }
    }
    return infos.sort(
      (a, b) => b.savedAt.getTime() - a.savedAt.getTime() || a.name.localeCompare(b.name),
    );
  }

  /** Closes the database, if it was opened. */
  async close(): Promise<void> {
    await this.#session?.close();
    this.#session = undefined;
  }
}

function checkShape(data: unknown, where: string, fix: string): void {
  const agent = (data as { agent?: unknown } | null)?.agent;
  if (typeof agent !== "object" || agent === null || Array.isArray(agent)) {
    throw new SessionError(
      `${where} holds no agent state (expected {"agent": {...}}, as agentscope saves it); it was left untouched. Restore it from a backup, or ${fix} to start the session afresh.`,
    );
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
