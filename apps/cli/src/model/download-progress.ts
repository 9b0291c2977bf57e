import type { TextOutput } from "../terminal/style.js";

/** One progress report of a download (the shape `ensureModel` reports). */
export interface DownloadReport {
  /** The file being written. */
  fileName: string;
  /** Bytes on disk so far (including a resumed part). */
  downloaded: number;
  /** Total bytes, when the server says. */
  total: number | undefined;
  /** True on the last report, once the file is complete. */
  done: boolean;
}

/** A byte count for people: `512 B`, `36.4 MB`, `1.10 GB` (decimal units, as servers list sizes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${Math.max(0, Math.round(bytes))} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}

/** A duration for people: `45s`, `3m05s`, `1h02m`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

/** What {@link formatDownloadLine} draws. */
export interface DownloadLine {
  /** The file name. */
  fileName: string;
  /** Bytes so far. */
  downloaded: number;
  /** Total bytes, when known. */
  total: number | undefined;
  /** Smoothed speed in bytes per second, when measured. */
  bytesPerSecond: number | undefined;
}

const BAR_WIDTH = 20;

/**
 * One progress line: `model.gguf  [########------------]  42%  12.3 MB / 29.0 MB  3.4 MB/s  5s left`.
 * Without a total: bytes and speed only. Pure: speed comes from {@link SpeedMeter}.
 */
export function formatDownloadLine(line: DownloadLine): string {
  const { fileName, downloaded, total, bytesPerSecond } = line;
  const speed =
    bytesPerSecond !== undefined && bytesPerSecond > 0
      ? `  ${(bytesPerSecond / 1_000_000).toFixed(1)} MB/s`
      : "";
  if (!total) return `${fileName}  ${formatBytes(downloaded)}${speed}`;
  const ratio = Math.min(1, Math.max(0, downloaded / total));
  const filled = Math.round(ratio * BAR_WIDTH);
  const bar = `${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}`;
  const percent = `${Math.floor(ratio * 100)}%`.padStart(4);
  const left =
    speed && downloaded < total
      ? `  ${formatDuration((total - downloaded) / (bytesPerSecond as number))} left`
      : "";
  return `${fileName}  [${bar}] ${percent}  ${formatBytes(downloaded)} / ${formatBytes(total)}${speed}${left}`;
}

/**
 * Download speed, smoothed: an exponential moving average of the rate between samples (weight
 * `smoothing` for the newest), so one slow or fast chunk does not make the time left jump. Bytes
 * and times are passed in, which keeps it testable without a clock.
 */
export class SpeedMeter {
  #lastBytes: number | undefined;
  #lastTime = 0;
  #speed: number | undefined;

  /** @param smoothing weight of the newest rate (0–1). Default 0.3. */
  constructor(readonly smoothing = 0.3) {}

  /** Records `bytes` downloaded so far at `timeMs`; returns the smoothed bytes per second. */
  sample(bytes: number, timeMs: number): number | undefined {
    if (this.#lastBytes === undefined) {
      this.#lastBytes = bytes;
      this.#lastTime = timeMs;
      return undefined;
    }
    const elapsed = (timeMs - this.#lastTime) / 1000;
    // Too close together to measure: keep the previous estimate until time has passed.
    if (elapsed <= 0) return this.#speed;
    const rate = Math.max(0, bytes - this.#lastBytes) / elapsed;
    this.#speed =
      this.#speed === undefined ? rate : this.smoothing * rate + (1 - this.smoothing) * this.#speed;
    this.#lastBytes = bytes;
    this.#lastTime = timeMs;
    return this.#speed;
  }

  /** The current estimate, if any. */
  get bytesPerSecond(): number | undefined {
    return this.#speed;
  }
}

/** How often a terminal progress line is redrawn (ms), and how often speed is sampled. */
const REDRAW_MS = 200;

/**
 * A progress reporter for model downloads. On a terminal it redraws one line in place (at most
 * every 200 ms) with bytes, percent, speed and time left, and ends it with a newline. Elsewhere
 * (a pipe, a log) it prints a plain line at each quarter of the download and one when done, so
 * logs get a few lines instead of carriage-return noise. `now` is injectable for tests.
 */
export function downloadProgress(
  out: TextOutput,
  now: () => number = Date.now,
): (report: DownloadReport) => void {
  const meter = new SpeedMeter();
  let lastDraw: number | undefined;
  let lastQuarter = -1;
  let lastMb = -1;
  return (report) => {
    const time = now();
    if (!report.done && lastDraw !== undefined && time - lastDraw < REDRAW_MS) return;
    lastDraw = time;
    const bytesPerSecond = meter.sample(report.downloaded, time);
    const line = formatDownloadLine({ ...report, bytesPerSecond });
    if (out.isTTY) {
      const width = out.columns ? out.columns - 1 : Number.POSITIVE_INFINITY;
      out.write(`\r${line.length > width ? line.slice(0, width) : line}\x1b[K`);
      if (report.done) out.write("\n");
      return;
    }
    if (report.done) {
      out.write(`${line}\n`);
      return;
    }
    if (report.total) {
      const quarter = Math.floor((report.downloaded / report.total) * 4);
      if (quarter <= lastQuarter || quarter >= 4) return;
      lastQuarter = quarter;
    } else {
      // No total: a line per 100 MB.
      const hundred = Math.floor(report.downloaded / 100_000_000);
      if (hundred <= lastMb) return;
      lastMb = hundred;
    }
    out.write(`${line}\n`);
  };
}
