import { AgentScopeError } from "../errors/agentscope-error.js";
import { SessionError } from "../errors/state-error.js";
import { loadOwnedStateDict, type StateDict, type StateModule } from "../state/state-module.js";
import { isPlainObject } from "../utils/json-value.js";

/** The modules a session saves or loads, by name: `{ agent, plan }`. */
export type StateModules = Record<string, StateModule>;

/** Options of {@link SessionBase.save}. */
export interface SessionSaveOptions {
  /** The user the session belongs to; sessions of different users never collide. */
  userId?: string;
}

/** Options of {@link SessionBase.load}. */
export interface SessionLoadOptions extends SessionSaveOptions {
  /** When the session does not exist: `true` (default) leaves the modules untouched, `false` throws. */
  allowNotExist?: boolean;
  /**
   * `true` (default): a key a module has that the saved state lacks is an error. `false`: such
   * keys keep their current values (e.g. loading an older session into an agent with a plan).
   */
  strict?: boolean;
}

/**
 * Saves and restores named {@link StateModule}s under a session id: AgentScope's `SessionBase`.
 * Subclasses store the JSON somewhere (a file, Redis…) by implementing `readStates` and
 * `writeStates`; this class owns collecting the states and loading them all-or-nothing.
 */
export abstract class SessionBase {
  /**
   * `true` when `readStates` returns a value it parsed itself and keeps no reference to (JSON it
   * just read): `load` then hands that value to the modules without copying it first, which makes
   * loading a long history faster. Leave `false` (the default) when `readStates` may return an
   * object held elsewhere (a cache, a shared object): the modules then copy what they load.
   */
  protected readonly handsOverStates: boolean = false;

  /** Reads the saved states of a session, or `undefined` when it does not exist. */
  protected abstract readStates(sessionId: string, userId: string): Promise<unknown>;

  /** Stores the states of a session, replacing what was there. */
  protected abstract writeStates(
    sessionId: string,
    userId: string,
    states: Record<string, StateDict>,
  ): Promise<void>;

  /** Describes where a session lives, for error messages (e.g. a file path). */
  protected abstract describe(sessionId: string, userId: string): string;

  /** Saves the state of every module under its name. */
  async save(sessionId: string, modules: StateModules, options: SessionSaveOptions = {}) {
    const states: Record<string, StateDict> = {};
    for (const [name, module] of Object.entries(modules)) states[name] = module.stateDict();
    await this.writeStates(sessionId, options.userId ?? "", states);
  }

  /**
   * Loads the saved state into every module present in the session (modules the session does not
   * mention are left as they are). Returns whether the session existed. A session that holds none
   * of the modules, or a module state that is not an object, is a `SessionError` naming the file
   * and the expected keys. All-or-nothing: if any module fails to load, every module is put back
   * as it was and a `SessionError` says which.
   */
  async load(
    sessionId: string,
    modules: StateModules,
    options: SessionLoadOptions | boolean = {},
  ): Promise<boolean> {
    const opts = typeof options === "boolean" ? { allowNotExist: options } : options;
    const userId = opts.userId ?? "";
    const data = await this.readStates(sessionId, userId);
    if (data === undefined) {
      if (opts.allowNotExist ?? true) return false;
      throw new SessionError(
        `Session '${sessionId}' does not exist (${this.describe(sessionId, userId)}). Save it first, or pass allowNotExist: true.`,
      );
    }
    if (!isPlainObject(data)) {
      throw new SessionError(
        `${this.describe(sessionId, userId)} is not an AgentScope session: expected a JSON object mapping module names to their states.`,
      );
    }
    const where = this.describe(sessionId, userId);
    const expected = Object.keys(modules);
    const expectedText = expected.map((k) => `'${k}'`).join(", ");
    const found = Object.keys(data);
    const present = expected.filter((name) => Object.hasOwn(data, name));
    if (expected.length > 0 && present.length === 0) {
      throw new SessionError(
        `${where} holds none of the modules asked for: expected the key${expected.length > 1 ? "s" : ""} ${expectedText}, found ${found.length ? found.map((k) => `'${k}'`).join(", ") : "an empty object"}. Load it with the module names it was saved with. Nothing was loaded.`,
      );
    }
    for (const name of present) {
      if (!isPlainObject(data[name])) {
        const value = data[name];
        throw new SessionError(
          `${where} has the wrong shape under '${name}': expected an object (the module's saved state) under each of the keys ${expectedText}, found ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}. Nothing was loaded.`,
        );
      }
    }
    const loaded: [StateModule, StateDict][] = [];
    for (const name of present) {
      const module = modules[name] as StateModule;
      const before = module.stateDict();
      try {
        const state = data[name] as StateDict;
        if (this.handsOverStates) loadOwnedStateDict(module, state, opts.strict ?? true);
        else module.loadStateDict(state, opts.strict ?? true);
        loaded.push([module, before]);
      } catch (error) {
        for (const [m, state] of loaded.reverse()) m.loadStateDict(state, false);
        const reason = error instanceof AgentScopeError ? error.message : String(error);
        throw new SessionError(
          `Cannot load module '${name}' from ${where} (expected keys: ${expectedText}): ${reason} Nothing was loaded.`,
          { cause: error },
        );
      }
    }
    return true;
  }

  /** Alias of {@link SessionBase.save} under AgentScope Python's name. */
  saveSessionState(sessionId: string, modules: StateModules, options?: SessionSaveOptions) {
    return this.save(sessionId, modules, options);
  }

  /** Alias of {@link SessionBase.load} under AgentScope Python's name. */
  loadSessionState(sessionId: string, modules: StateModules, options?: SessionLoadOptions) {
    return this.load(sessionId, modules, options);
  }
}
