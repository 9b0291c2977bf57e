import { NOOP_TRACER } from "./noop-tracer.js";
import type { Tracer } from "./tracer.js";

let current: Tracer = NOOP_TRACER;

/**
 * Installs the tracer every agent, model, formatter, tool and embedding call reports to. Pass
 * `undefined` to go back to the no-op tracer.
 */
export function setTracer(tracer: Tracer | undefined): void {
  current = tracer ?? NOOP_TRACER;
}

/** The installed tracer (the no-op tracer unless `setTracer()` was called). */
export function getTracer(): Tracer {
  return current;
}

/** True when a real tracer is installed; callers skip building span attributes otherwise. */
export function isTracingEnabled(): boolean {
  return current !== NOOP_TRACER;
}
