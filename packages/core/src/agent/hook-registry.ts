import { ValidationError } from "../errors/validation-error.js";
import type { AnyHook, HookType } from "./hook-types.js";

/** A registered hook with its name. */
export interface HookEntry {
  name: string;
  hook: AnyHook;
  // Global registration counter: keeps class hooks of a class and its ancestors in the order they
  // were registered, as AgentScope's single shared dict does.
  seq: number;
}

type HookTable = Map<HookType, Map<string, HookEntry>>;

let nextSeq = 0;
let revision = 0;

/** A number that changes whenever any hook (instance or class) is added, replaced or removed. */
export function hookRevision(): number {
  return revision;
}

/**
 * Named hooks by hook type, in registration order. Registering an existing name replaces the hook
 * in place (it keeps its position), as with AgentScope's ordered dicts.
 */
export class HookStore {
  readonly #table: HookTable = new Map();

  /** Adds or replaces the hook `name` of `type`. */
  set(type: HookType, name: string, hook: AnyHook): void {
    let hooks = this.#table.get(type);
    if (!hooks) {
      hooks = new Map();
      this.#table.set(type, hooks);
    }
    const existing = hooks.get(name);
    if (existing) existing.hook = hook;
    else hooks.set(name, { name, hook, seq: nextSeq++ });
    revision++;
  }

  /** Removes the hook `name` of `type`; false when there is none. */
  delete(type: HookType, name: string): boolean {
    return this.#table.get(type)?.delete(name) ?? false;
  }

  /** Removes every hook of `type`, or every hook at all. */
  clear(type?: HookType): void {
    if (type === undefined) this.#table.clear();
    else this.#table.delete(type);
  }

  /** The hooks of `type` with their registration numbers, in order. */
  entries(type: HookType): HookEntry[] {
    const hooks = this.#table.get(type);
    return hooks ? [...hooks.values()] : [];
  }

  /** Whether any hook of `type` is registered. */
  has(type: HookType): boolean {
    return (this.#table.get(type)?.size ?? 0) > 0;
  }
}

const classStores = new WeakMap<object, HookStore>();

/** The class-level hook store of the class `cls` itself (not its parents). */
export function classHookStore(cls: object): HookStore {
  let store = classStores.get(cls);
  if (!store) {
    store = new HookStore();
    classStores.set(cls, store);
  }
  return store;
}

/**
 * The class-level hooks of `type` that apply to instances of `cls`: those registered on `cls` and
 * on each of its ancestors, in registration order.
 */
export function classHooksFor(cls: object, type: HookType): HookEntry[] {
  const found: HookEntry[] = [];
  for (let c: object | null = cls; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    const store = classStores.get(c);
    if (store?.has(type)) found.push(...store.entries(type));
  }
  if (found.length > 1) found.sort((a, b) => a.seq - b.seq);
  return found;
}

/** Throws a clear error when `type` is not one of `supported`. */
export function checkHookType(
  type: string,
  supported: readonly string[],
  owner: string,
): asserts type is HookType {
  if (!supported.includes(type)) {
    throw new ValidationError("hook type", [
      {
        path: "hookType",
        message: `${JSON.stringify(type)} is not supported by ${owner}; expected one of ${supported.map((t) => JSON.stringify(t)).join(", ")}`,
      },
    ]);
  }
}
