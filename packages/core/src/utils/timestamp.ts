const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/**
 * The current local time as AgentScope writes message timestamps:
 * `YYYY-MM-DD HH:MM:SS.mmm` (Python's `%Y-%m-%d %H:%M:%S.%f` cut to milliseconds).
 */
export function formatTimestamp(date: Date = new Date()): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.` +
    pad(date.getMilliseconds(), 3)
  );
}
