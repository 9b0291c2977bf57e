import { readFile, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { type AgentBase, type ReActAgent, SessionError } from "@agentscope-ts/core";
import { JSONSession } from "@agentscope-ts/core/node";
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

/**
 * The conversation saved under a name, as AgentScope's `JSONSession` writes it
 * (`<dir>/<name>.json` holding `{"agent": <the agent's state>}`: memory, toolkit, plan notebook).
 */
export class SessionStore {
  /** The JSON session underneath. */
  readonly session: JSONSession;

  constructor(readonly dir: string) {
    this.session = new JSONSession({ saveDir: dir });
  }

  /** The file a session is saved in. */
  pathOf(name: string): string {
    return this.session.getSavePath(name);
  }

  /**
   * Loads the session `name` into `agent`; returns false when there is none yet. Leniently: state
   * the agent does not have (a plan saved without `--plan` now) is ignored, state it has that the
   * file lacks is kept as is, and the agent's name and system prompt stay as this run made them
   * (so a new working directory or `--sys-prompt` wins). A corrupt file, or one that holds no
   * agent state, is a one-line error naming the file and saying what to do; the file is never
   * touched, and the caller must not save over it.
   */
  async load(name: string, agent: ReActAgent): Promise<boolean> {
    const { name: agentName, sysPrompt } = agent;
    try {
      await this.#checkShape(name);
      return await this.session.load(name, { agent }, { strict: false });
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
   * Refuses a file that parses but holds no agent state (`{}`, `{"agent": 5}`, another program's
   * JSON): loading it leniently would load nothing, and the next save would overwrite it. Missing
   * and unparsable files are left to `JSONSession.load` (none yet, or its own error).
   */
  async #checkShape(name: string): Promise<void> {
    const path = resolve(this.pathOf(name));
    let data: unknown;
    try {
      data = JSON.parse(await readFile(path, "utf8"));
    } catch {
      return;
    }
    const agent = (data as { agent?: unknown } | null)?.agent;
    if (typeof agent !== "object" || agent === null || Array.isArray(agent)) {
      throw new SessionError(
        `Session file ${path} holds no agent state (expected {"agent": {...}}, as agentscope saves it); it was left untouched. Restore it from a backup, or delete it to start the session afresh.`,
      );
    }
  }

  /** Saves `agent` under `name` (atomically). */
  async save(name: string, agent: AgentBase): Promise<void> {
    await this.session.save(name, { agent });
  }

  /** The saved sessions, most recently saved first. */
  async list(): Promise<SessionInfo[]> {
    const infos: SessionInfo[] = [];
    for (const name of await this.session.list()) {
      const path = this.pathOf(name);
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
}
