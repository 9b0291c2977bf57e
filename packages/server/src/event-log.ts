import type { StoredEvent } from "./backend.js";

/** An event id (`<ms>-<seq>`) as two numbers, compared in order. */
type ParsedId = readonly [ms: number, seq: number];

/** Parses `<ms>-<seq>`; missing or non-numeric parts count as 0 (so `"0"` is before every event). */
export function parseEventId(id: string): ParsedId {
  const cut = id.indexOf("-");
  if (cut < 0) return [Number(id) || 0, 0];
  return [Number(id.slice(0, cut)) || 0, Number(id.slice(cut + 1)) || 0];
}

const MAX_U64 = 2n ** 64n - 1n;

/** The accepted form of an event id a client resumes from, as told in a 400 answer. */
export const EVENT_ID_FORM =
  "an event id from this stream ('<ms>-<seq>' or '<ms>', whole numbers below 2^64), or 0 to read from the start";

/** Whether `id` is an event id the logs accept: `<ms>` or `<ms>-<seq>`, each part an unsigned 64-bit number. */
export function isEventId(id: string): boolean {
  if (!/^\d{1,20}(-\d{1,20})?$/.test(id)) return false;
  return id.split("-").every((part) => BigInt(part) <= MAX_U64);
}

/**
 * One session's event log in memory, ids increasing, capped at `maxEvents` (the oldest dropped
 * first). Reading after an id finds its place by binary search, so an SSE resume or poll costs
 * O(log n + events returned), not O(n); eviction is amortised O(1) (the array is compacted
 * once half of it is dropped, instead of shifting on every append). Written by hand: a sorted,
 * capped array with one search is smaller than a dependency.
 */
export class EventLog {
  #events: StoredEvent[] = [];
  // The parsed ids, in two plain number arrays (no tuple per event).
  #ms: number[] = [];
  #seq: number[] = [];
  #head = 0;

  constructor(readonly maxEvents: number) {}

  /** How many events the log holds. */
  get size(): number {
    return this.#events.length - this.#head;
  }

  /** Appends `event` (its id must be after every id in the log), dropping the oldest over the cap. */
  push(event: StoredEvent): void {
    const [ms, seq] = parseEventId(event.id);
    this.#events.push(event);
    this.#ms.push(ms);
    this.#seq.push(seq);
    if (this.size > this.maxEvents) this.#head += 1;
    if (this.#head > 64 && this.#head * 2 > this.#events.length) {
      this.#events = this.#events.slice(this.#head);
      this.#ms = this.#ms.slice(this.#head);
      this.#seq = this.#seq.slice(this.#head);
      this.#head = 0;
    }
  }

  /** Up to `count` events after `afterId` (`"0"`: from the oldest kept), oldest first. */
  after(afterId: string, count: number): StoredEvent[] {
    const [ms, seq] = parseEventId(afterId);
    // The first index whose id is after `afterId`.
    let lo = this.#head;
    let hi = this.#events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const midMs = this.#ms[mid] as number;
      if (midMs > ms || (midMs === ms && (this.#seq[mid] as number) > seq)) hi = mid;
      else lo = mid + 1;
    }
    return this.#events.slice(lo, lo + Math.max(0, count));
  }

  /** Empties the log. */
  clear(): void {
    this.#events = [];
    this.#ms = [];
    this.#seq = [];
    this.#head = 0;
  }
}
