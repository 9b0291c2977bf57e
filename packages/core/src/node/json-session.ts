import { mkdir, readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { SessionError } from "../errors/state-error.js";
import { SessionBase } from "../session/session-base.js";
import type { StateDict } from "../state/state-module.js";
import { atomicWriteFile } from "./atomic-write-file.js";

/** Options of {@link JSONSession}. */
export interface JSONSessionOptions {
  /** The folder session files go in; created when missing. Defaults to the working directory. */
  saveDir?: string;
}

/**
 * Saves sessions as JSON files, in the same layout as AgentScope Python's `JSONSession`: one file
 * per session, `<saveDir>/<sessionId>.json` (or `<userId>_<sessionId>.json`), holding an object
 * that maps each module name to its `stateDict()`. Files written by either side load in the other.
 * Writes are atomic (temp file, fsync, rename): a crash or a full disk leaves the previous file.
 */
export class JSONSession extends SessionBase {
  /** The folder session files go in. */
  readonly saveDir: string;
  // `readStates` parses the file and keeps nothing of it.
  protected override readonly handsOverStates = true;

  constructor(options: JSONSessionOptions = {}) {
    super();
    this.saveDir = options.saveDir ?? "./";
  }

  /** The file a session is saved in. */
  getSavePath(sessionId: string, userId = ""): string {
    for (const [field, value] of [
      ["sessionId", sessionId],
      ["userId", userId],
    ] as const) {
      if (/[/\\\0]/.test(value) || value === "." || value === "..") {
        throw new SessionError(
          `Invalid ${field} ${JSON.stringify(value)}: it becomes part of a file name, so it must not contain '/', '\\', NUL or be '.' or '..'.`,
        );
      }
    }
    if (!sessionId) throw new SessionError("Invalid sessionId: it must not be empty.");
    return join(this.saveDir, userId ? `${userId}_${sessionId}.json` : `${sessionId}.json`);
  }

  /** The ids of the sessions saved in `saveDir` (for `userId`, when given), sorted. */
  async list(userId = ""): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.saveDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const prefix = userId ? `${userId}_` : "";
    return names
      .filter((n) => n.endsWith(".json") && !n.startsWith(".") && n.startsWith(prefix))
      .map((n) => n.slice(prefix.length, -".json".length))
      .sort();
  }

  protected describe(sessionId: string, userId: string): string {
    return `session file ${resolve(this.getSavePath(sessionId, userId))}`;
  }

  protected async readStates(sessionId: string, userId: string): Promise<unknown> {
    const path = this.getSavePath(sessionId, userId);
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw new SessionError(`Cannot read session file ${resolve(path)}: ${String(error)}`, {
        cause: error,
      });
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new SessionError(
        `Session file ${resolve(path)} is not valid JSON (${(error as Error).message}); it is corrupt or not a session file. Restore it from a backup, or delete it to start the session afresh.`,
        { cause: error },
      );
    }
  }

  protected async writeStates(
    sessionId: string,
    userId: string,
    states: Record<string, StateDict>,
  ): Promise<void> {
    const path = this.getSavePath(sessionId, userId);
    let text: string;
    try {
      text = JSON.stringify(states);
    } catch (error) {
      throw new SessionError(
        `Cannot save session '${sessionId}': its state is not JSON serializable (${(error as Error).message}).`,
        { cause: error },
      );
    }
    try {
      await mkdir(this.saveDir, { recursive: true });
      await atomicWriteFile(path, text);
    } catch (error) {
      throw new SessionError(
        `Cannot save session file ${resolve(path)}: ${(error as Error).message}. The previous file, if any, is unchanged.`,
        { cause: error, retryable: true },
      );
    }
  }
}
