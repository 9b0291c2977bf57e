import type { ServiceBackend, SessionKey } from "./backend.js";

const PAGE = 1_000;

/**
 * Where an AG-UI stream without Last-Event-ID starts: just before the first event of the
 * session's latest run (`"0"` when the log is empty), so earlier turns are not replayed. One
 * pass over the log, which each backend caps (by count in memory, by age in Redis).
 */
export async function latestRunStart(backend: ServiceBackend, key: SessionKey): Promise<string> {
  let start = "0";
  let previous = "0";
  let runId: string | null = null;
  for (;;) {
    const page = await backend.readEvents(key, previous, { blockMs: 0, count: PAGE });
    for (const e of page) {
      if (e.runId !== runId) {
        runId = e.runId;
        start = previous;
      }
      previous = e.id;
    }
    if (page.length < PAGE) return start;
  }
}
