import type {
  AppendResult,
  Checkpoint,
  EventInput,
  ServiceBackend,
  SessionKey,
} from "./backend.js";

/** Appends `events` in one step when the backend can, else one by one (stopping at a lost lease). */
export async function writeEvents(
  backend: ServiceBackend,
  key: SessionKey,
  token: number,
  events: EventInput[],
  release: boolean,
): Promise<AppendResult | null> {
  if (backend.appendEvents) return backend.appendEvents(key, token, events, release);
  let last: AppendResult | null = null;
  let interruptRequested = false;
  for (let i = 0; i < events.length; i++) {
    const isLast = i === events.length - 1;
    last = await backend.appendEvent(key, token, events[i] as EventInput, release && isLast);
    if (!last) return null;
    interruptRequested ||= last.interruptRequested;
  }
  return last && { ...last, interruptRequested };
}

/**
 * {@link ServiceBackend.finishRun} in steps, for a backend without it (or whose checkpoints live
 * elsewhere): the events of the last step, the checkpoint (leaving the active set), then the
 * events that end the run with the lease released. `null` once the lease is found lost.
 */
export async function finishRunInSteps(
  backend: ServiceBackend,
  key: SessionKey,
  token: number,
  checkpoint: Checkpoint,
  before: EventInput[],
  after: EventInput[],
): Promise<AppendResult | null> {
  if (before.length > 0 && !(await writeEvents(backend, key, token, before, false))) return null;
  if (backend.saveCheckpointMarked) {
    if (!(await backend.saveCheckpointMarked(key, token, checkpoint, false))) return null;
  } else {
    if (!(await backend.saveCheckpoint(key, token, checkpoint))) return null;
    await backend.unmarkActive(key);
  }
  if (after.length > 0) return writeEvents(backend, key, token, after, true);
  await backend.releaseLease(key, token);
  return { id: "", interruptRequested: false };
}
