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
export type InstrumentedMethod<T> = (this: T, a?: unknown, b?: unknown) => unknown;

/**
 * Builds the wrapper of one implementation (`original`, a subclass's own method): the wrapper
 * runs the hooks and spans of a call around `original`, except when the call came through `super`
 * (`this.name !== wrapper && reachedThroughSuper(this, name, wrapper)`; it then just calls
 * `original`). Write each entry as its own function literal, so each wrapper's call sites stay
 * monomorphic.
 */
export type Instrumentation<T> = (original: InstrumentedMethod<T>) => InstrumentedMethod<T>;

/** The instrumented methods of a base class, by name. */
export type InstrumentationTable<T> = Readonly<Record<string, Instrumentation<T>>>;

const wrappers = new WeakSet<object>();

/**
 * Makes the methods of `table` on `cls` (what its instances resolve each name to) instrumented:
 * wraps each implementation in place on the prototype that defines it, unless already wrapped.
 * Cheap to call on every construction (a property read and a set lookup per method).
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
    if (!owner) continue;
    const wrapper = (table[name] as Instrumentation<T>)(resolved as InstrumentedMethod<T>);
    Object.defineProperty(wrapper, "name", { value: name });
    wrappers.add(wrapper);
    Object.defineProperty(owner, name, {
      value: wrapper,
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }
}

/**
 * Whether the call of `wrapper` (the method `name`) on `self` came through `super.name()` from a
 * subclass's override: `self`'s class resolves `name` to another wrapper, which already
 * instruments this call, so the wrapper calls its implementation as it is. Wrappers test
 * `this.name === wrapper` inline first (the common case, one property load) and call this only
 * when it fails: then either `super` was used, or the instance holds its own `name` (a test spy
 * calling through), which this tells apart by looking at the class, not the instance.
 */
export function reachedThroughSuper(self: object, name: string, wrapper: unknown): boolean {
  return (Object.getPrototypeOf(self) as Record<string, unknown>)[name] !== wrapper;
}

/** Whether `fn` is a method wrapped by {@link instrumentClass}. */
export function isInstrumented(fn: unknown): boolean {
  return typeof fn === "function" && wrappers.has(fn);
}
