// A small SSE reader for the tests: reads `event:`/`id:`/`data:` frames until a stop condition.

/** One received SSE event. */
export interface SseEvent {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

/** Reads SSE frames from `response` until `stop(event)` is true or the stream ends; then cancels. */
export async function readSse(
  response: Response,
  stop: (e: SseEvent, all: SseEvent[]) => boolean,
  maxEvents = 10_000,
): Promise<SseEvent[]> {
  if (!response.body) throw new Error(`No body (status ${response.status})`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const out: SseEvent[] = [];
  let buffer = "";
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        return out; // the connection broke (e.g. the replica was killed): keep what arrived
      }
      const { value, done } = chunk;
      if (done) return out;
      buffer += decoder.decode(value, { stream: true });
      let cut = buffer.indexOf("\n\n");
      while (cut >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        cut = buffer.indexOf("\n\n");
        const e: SseEvent = { id: "", event: "message", data: {} };
        let isEvent = false;
        for (const line of frame.split("\n")) {
          if (line.startsWith("id:")) e.id = line.slice(3).trim();
          else if (line.startsWith("event:")) e.event = line.slice(6).trim();
          else if (line.startsWith("data:")) {
            e.data = JSON.parse(line.slice(5).trim());
            isEvent = true;
          }
        }
        if (!isEvent) continue;
        out.push(e);
        if (stop(e, out) || out.length >= maxEvents) return out;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

const ENDS = new Set(["run_finished", "run_interrupted", "run_failed", "run_parked"]);

/** Stops at the first event that ends a run. */
export const untilRunEnd = (e: SseEvent) => ENDS.has(e.event);
