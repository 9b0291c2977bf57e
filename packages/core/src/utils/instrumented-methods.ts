/**
 * How core applies hooks and tracing to a method users override (`AgentBase.reply`, `observe`,
 * `print`; `FormatterBase.format`): the method's implementation in each class is wrapped once, on
 * that class's prototype, the first time the class (or a subclass inheriting the method) is
 * instantiated. This is the JavaScript form of AgentScope's `_AgentMeta`, which wraps the same
 * methods when a class is created; JavaScript has no hook at class creation, so the base class's
 * constructor asks for the wiring (`instrumentClass(new.target, ...)`) and it is done at most once
 * per implementation.
 *
 * A wrapper runs its instrumentation only when it is the method the instance's class resolves
 * to. Reached through `super.reply()` from a subclass's override, it calls the parent's
 * implementation directly, so the hooks and spans run exactly once per call, however deep the
 * chain (and, unlike a "running" flag on the instance, concurrent calls are each instrumented).
 */

/** A method as wrapped: up to two arguments (every instrumented method takes at most two). */
type Method<T> = (this: T, a?: unknown, b?: unknown) => unknown;

/**
 * What runs around one method of `T`: the hooks and spans of a call, which call `original`
 * (the subclass's implementation) with `self` and the (possibly rewritten) arguments.
 */
export type Instrumentation<T> = (self: T, original: Method<T>, a: unknown, b: unknown) => unknown;

/** The instrumented methods of a base class, by name. */
export type InstrumentationTable<T> = Readonly<Record<string, Instrumentation<T>>>;

const wrappers = new WeakSet<object>();

/**
 * Makes the methods of `table` on `cls` (what its instances resolve `name` to) instrumented: wraps
 * each implementation in place on the prototype that defines it, unless already wrapped. Cheap
 * to call on every construction (a property read and a set lookup per method).
 */
export function instrumentClass<T extends object>(
  cls: abstract new (...args: never[]) => T,
  table: InstrumentationTable<T>,
): void {
  const proto = cls.prototype as Record<string, unknown>;
  for (const name in table) {
    const resolved = proto[name];
    if (typeof resolved !== "function" || wrappers.has(resolved)) continue;
    let owner: object | null = proto;
    while (owner && !Object.hasOwn(owner, name)) owner = Object.getPrototypeOf(owner);
    if (owner) wrap(owner, name, resolved as Method<T>, table[name] as Instrumentation<T>);
  }
}

/** Whether `fn` is a method wrapped by {@link instrumentClass}. */
export function isInstrumented(fn: unknown): boolean {
  return typeof fn === "function" && wrappers.has(fn);
}

function wrap<T extends object>(
  owner: object,
  name: string,
  original: Method<T>,
  around: Instrumentation<T>,
): void {
  const wrapper = function (this: T, a?: unknown, b?: unknown): unknown {
    // Reached through `super.name()` (the instance resolves `name` to a subclass's wrapper, which
    // already instruments this call): the parent's implementation runs as it is.
    if ((Object.getPrototypeOf(this) as Record<string, unknown>)[name] !== wrapper) {
      return original.call(this, a, b);
    }
    return around(this, original, a, b);
  };
  Object.defineProperty(wrapper, "name", { value: name });
  wrappers.add(wrapper);
  Object.defineProperty(owner, name, {
    value: wrapper,
    writable: true,
    configurable: true,
    enumerable: false,
  });
}
