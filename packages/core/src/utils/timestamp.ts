let cachedSecond = Number.NaN;
let cachedPrefix = "";
let cachedTime = Number.NaN;
let cachedStamp = "";

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/**
 * The current local time as AgentScope writes message timestamps:
 * `YYYY-MM-DD HH:MM:SS.mmm` (Python's `%Y-%m-%d %H:%M:%S.%f` cut to milliseconds).
 */
export function formatTimestamp(date?: Date): string {
  const time = date ? date.getTime() : Date.now();
  // Messages and streamed chunks made within one millisecond share one string.
  if (time === cachedTime) return cachedStamp;
  if (Number.isNaN(time)) return "NaN-NaN-NaN NaN:NaN:NaN.NaN";
  const second = Math.floor(time / 1000);
  // Every message gets a timestamp: the date-and-seconds part is built once per second (local
  // time only changes on whole seconds, daylight saving included), the milliseconds each call.
  if (second !== cachedSecond) {
    const d = new Date(second * 1000);
    cachedPrefix =
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
      `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.`;
    cachedSecond = second;
  }
  cachedTime = time;
  cachedStamp = cachedPrefix + pad(time - second * 1000, 3);
  return cachedStamp;
}
