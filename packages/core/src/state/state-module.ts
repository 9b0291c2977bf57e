import { AgentScopeError } from "../errors/agentscope-error.js";
import { StateError } from "../errors/state-error.js";
import {
  copyJsonValueAt,
  describeThrown,
  joinJsonPath,
  NonJsonValueError,
  setOwn,
} from "../utils/json-copy.js";
import { findNonJsonValue, isPlainObject } from "../utils/json-value.js";

/** Converts an attribute's value to JSON for {@link StateModule.stateDict}. */
export type StateToJson<T = unknown> = (value: T) => unknown;
/** Converts JSON back to an attribute's value for {@link StateModule.loadStateDict}. */
export type StateFromJson<T = unknown> = (json: unknown) => T;

/** A JSON state tree, as `stateDict()` returns it. */
export type StateDict = Record<string, unknown>;

/** Options of {@link StateModule.registerState}. */
export interface RegisterStateOptions {
  /**
   * `fromJson` is given the caller's value as it is, not a plain-JSON copy of it (the copy is
   * skipped). It must then make its own: keep no object of the value, and throw
   * `copyJsonValue`'s `NonJsonValueError` (path relative to the value) where that copy would fail.
   * For large states read in one walk (`InMemoryMemory`'s messages).
   */
  rawJson?: boolean;
}

interface Registered {
  toJson: StateToJson<unknown> | undefined;
  fromJson: StateFromJson<unknown> | undefined;
  rawJson: boolean;
}

// Loading is synchronous, so these module-level trackers are safe: they let nested loads share one
// snapshot (for rollback) and build the path of a failing key for the error message.
let loadDepth = 0;
const loadPath: string[] = [];
const dumpPath: StateModule[] = [];
// The state `loadOwnedStateDict` hands over, until the top-level load of it starts.
let handedOver: object | null = null;
// While a handed-over state is applied (not during a rollback): `rawJson` readers may keep its objects.
let applyingOwned = false;

/**
 * Internal (not exported from the package): loads `state` into `module` without copying it first,
 * for a state the framework parsed itself and nobody else holds (a session store's JSON). The
 * module may keep and change the state's objects; the checks, errors and rollback are those of
 * {@link StateModule.loadStateDict}.
 */
export function loadOwnedStateDict(module: StateModule, state: StateDict, strict = true): void {
  handedOver = loadDepth === 0 && isPlainObject(state) ? state : null;
  try {
    module.loadStateDict(state, strict);
  } finally {
    handedOver = null;
  }
}

/** Internal: whether `state` is the one `loadOwnedStateDict` is handing over (for overrides). */
export function isHandedOverState(state: unknown): boolean {
  return handedOver !== null && state === handedOver;
}

/** Internal: whether the load in progress applies a handed-over state (a `rawJson` reader may keep it). */
export function isOwnedLoad(): boolean {
  return applyingOwned;
}

const where = (key: string): string => [...loadPath, key].join(".");

/**
 * `error` as an AgentScope error: AgentScope errors pass through, anything else (a getter of the
 * state dict that threw, a proxy…) becomes a {@link StateError} about loading into `module`.
 */
export function stateErrorFrom(error: unknown, module: object): AgentScopeError {
  if (AgentScopeError.isAgentScopeError(error)) return error;
  const detail =
    error instanceof NonJsonValueError
      ? `${error.issue.path ? `'${error.issue.path}' ` : ""}${error.issue.message}`
      : describeThrown(error);
  return new StateError(
    `Cannot load state into ${module.constructor.name}: the state dict is not plain JSON (${detail}). Load what stateDict() returned, or its JSON.`,
    { cause: error },
  );
}

/**
 * Something whose state can be saved and restored: AgentScope's `StateModule`. Properties holding
 * other StateModules are nested automatically; other properties are saved once registered with
 * {@link StateModule.registerState}. Agents, memories, toolkits and plan notebooks all are
 * StateModules, so a session saves a whole agent in one call.
 */
export class StateModule {
  readonly #registered = new Map<string, Registered>();

  /**
   * Tracks the property `name` as state. Without `toJson`, its current value must be plain JSON
   * (checked now, as AgentScope does); give `toJson`/`fromJson` for anything else.
   */
  registerState(
    name: string,
    toJson?: StateToJson<never>,
    fromJson?: StateFromJson,
    options: RegisterStateOptions = {},
  ): void {
    const value: unknown = (this as Record<string, unknown>)[name];
    if (value instanceof StateModule) {
      throw new StateError(
        `Attribute '${name}' of ${this.constructor.name} is a StateModule, which is saved as a nested module automatically; do not register it.`,
      );
    }
    if (!toJson) {
      if (value === undefined) {
        throw new StateError(
          `Attribute '${name}' of ${this.constructor.name} is undefined. Set it to a JSON value (null when empty) before registering it, or pass toJson/fromJson.`,
        );
      }
      const bad = findNonJsonValue(value, name);
      if (bad) {
        throw new StateError(
          `Attribute '${name}' of ${this.constructor.name} is not JSON serializable (${bad.path} is ${bad.kind}). Pass toJson and fromJson functions to registerState to convert it.`,
        );
      }
    }
    const rawJson = options.rawJson === true;
    if (rawJson && !fromJson) {
      throw new StateError(
        `Attribute '${name}' of ${this.constructor.name} is registered with rawJson but no fromJson; rawJson needs a fromJson that copies the value.`,
      );
    }
    this.#registered.set(name, {
      toJson: toJson as StateToJson<unknown> | undefined,
      fromJson: fromJson as StateFromJson<unknown> | undefined,
      rawJson,
    });
  }

  /** The names of the registered (non-module) state attributes, in registration order. */
  registeredStateNames(): string[] {
    return [...this.#registered.keys()];
  }

  /** The nested StateModules held in this module's own properties, in assignment order. */
  protected stateModules(): [string, StateModule][] {
    const out: [string, StateModule][] = [];
    for (const [key, value] of Object.entries(this)) {
      if (value instanceof StateModule && !this.#registered.has(key)) out.push([key, value]);
    }
    return out;
  }

  /**
   * The state of this module: nested modules first (each under its property name), then the
   * registered attributes (through their `toJson` when given). Plain JSON, ready to save.
   */
  stateDict(): StateDict {
    if (dumpPath.includes(this)) {
      throw new StateError(
        `${this.constructor.name} contains itself through its properties; a StateModule tree must not have cycles.`,
      );
    }
    dumpPath.push(this);
    try {
      const state: StateDict = {};
      for (const [key, module] of this.stateModules()) state[key] = module.stateDict();
      for (const [key, { toJson }] of this.#registered) {
        const value: unknown = (this as Record<string, unknown>)[key];
        state[key] = toJson ? toJson(value) : value;
      }
      return state;
    } finally {
      dumpPath.pop();
    }
  }

  /**
   * Restores the state saved by {@link StateModule.stateDict}. With `strict` (the default), a key of
   * this module missing from `state` is an error; keys of `state` this module does not know are
   * ignored. Loading is all-or-nothing: when any part fails, everything is put back as it was.
   * The state is copied first (so the module never shares objects with it, and keys such as
   * `__proto__` stay plain data); anything that is not plain JSON is a `StateError`, as is every
   * other failure.
   */
  loadStateDict(state: StateDict, strict = true): void {
    if (loadDepth > 0) {
      this.applyState(state, strict);
      return;
    }
    const owned = isHandedOverState(state);
    handedOver = null;
    let copied: StateDict = state;
    if (!owned)
      try {
        copied = this.#copyState(state, "") as StateDict;
      } catch (error) {
        // A proxy whose traps throw is reported as copyJsonValue reports it.
        if (!(error instanceof NonJsonValueError)) {
          throw stateErrorFrom(
            new NonJsonValueError({
              path: "",
              message: `could not be read (${describeThrown(error)})`,
            }),
            this,
          );
        }
        throw stateErrorFrom(error, this);
      }
    const snapshot = this.stateDict();
    loadDepth++;
    applyingOwned = owned;
    try {
      this.applyState(copied, strict);
    } catch (error) {
      // The snapshot is copied as usual: the messages a caller may still hold share nothing with it.
      applyingOwned = false;
      try {
        this.applyState(snapshot, false);
      } catch {
        // The original error is the one worth reporting.
      }
      throw stateErrorFrom(error, this);
    } finally {
      applyingOwned = false;
      loadDepth--;
      loadPath.length = 0;
    }
  }

  // `copyJsonValue(state)`, except that the values of `rawJson` keys (of this module and of the
  // nested modules, found by walking the state along the module tree) are passed on uncopied.
  // A module tree with a cycle is copied whole (stateDict() then reports the cycle).
  #copyState(state: unknown, path: string, above: StateModule[] = []): unknown {
    if (above.includes(this) || !this.#hasRawJson([]) || !isPlainObject(state)) {
      return copyJsonValueAt(state, path);
    }
    above.push(this);
    const nested = new Map(this.stateModules());
    const out: StateDict = {};
    for (const key in state) {
      if (!Object.hasOwn(state, key)) continue;
      const at = joinJsonPath(path, key);
      let value: unknown;
      try {
        value = state[key];
      } catch (error) {
        throw new NonJsonValueError({
          path: at,
          message: `could not be read (${describeThrown(error)})`,
        });
      }
      const registered = this.#registered.get(key);
      const module = registered ? undefined : nested.get(key);
      const item = registered?.rawJson
        ? value
        : module
          ? module.#copyState(value, at, above)
          : copyJsonValueAt(value, at);
      if (item !== undefined) setOwn(out, key, item);
    }
    above.pop();
    return out;
  }

  // Whether this module or a nested one has a `rawJson` key (`false` on a cycle of modules).
  #hasRawJson(above: StateModule[]): boolean {
    if (above.includes(this)) return false;
    for (const { rawJson } of this.#registered.values()) if (rawJson) return true;
    above.push(this);
    const found = this.stateModules().some(([, module]) => module.#hasRawJson(above));
    above.pop();
    return found;
  }

  private applyState(state: StateDict, strict: boolean): void {
    if (!isPlainObject(state)) {
      throw new StateError(
        `Cannot load state into ${this.constructor.name}${loadPath.length ? ` at '${loadPath.join(".")}'` : ""}: expected an object, received ${state === null ? "null" : Array.isArray(state) ? "an array" : typeof state}.`,
      );
    }
    const missing = (key: string) =>
      new StateError(
        `Cannot load state into ${this.constructor.name}: key '${where(key)}' is missing from the state dict. Load a state saved from the same kind of object, or pass strict=false to skip missing keys.`,
      );
    for (const [key, module] of this.stateModules()) {
      if (!(key in state)) {
        if (strict) throw missing(key);
        continue;
      }
      loadPath.push(key);
      try {
        module.loadStateDict(state[key] as StateDict, strict);
      } finally {
        loadPath.pop();
      }
    }
    for (const [key, { fromJson }] of this.#registered) {
      if (!(key in state)) {
        if (strict) throw missing(key);
        continue;
      }
      let value: unknown;
      try {
        value = fromJson ? fromJson(state[key]) : state[key];
      } catch (error) {
        if (error instanceof StateError) throw error;
        // A `rawJson` value that is not JSON: reported as the copy of the whole state would have.
        if (error instanceof NonJsonValueError) {
          const { path, message } = error.issue;
          throw new NonJsonValueError({ path: joinJsonPath(where(key), path), message });
        }
        throw new StateError(
          `Cannot load state key '${where(key)}' into ${this.constructor.name}: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      (this as Record<string, unknown>)[key] = value;
    }
  }
}
