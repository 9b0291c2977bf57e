/** What a download reports as it goes. */
export interface DownloadProgress {
  /** The file being written (final name). */
  fileName: string;
  /** Bytes on disk so far (including a resumed part). */
  downloaded: number;
  /** Total bytes, when the server says. */
  total: number | undefined;
  /** True on the last report, once the file is complete. */
  done: boolean;
}

/** Something writable like `process.stderr`. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

function mb(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** One progress line: `name  [#####-----]  42%  12.3 MB / 29.0 MB`. */
export function formatProgressLine(progress: DownloadProgress, width = 24): string {
  const { fileName, downloaded, total } = progress;
  if (!total) return `${fileName}  ${mb(downloaded)}`;
  const ratio = Math.min(1, downloaded / total);
  const filled = Math.round(ratio * width);
  const bar = `${"#".repeat(filled)}${"-".repeat(width - filled)}`;
  const percent = `${Math.floor(ratio * 100)}%`.padStart(4);
  return `${fileName}  [${bar}] ${percent}  ${mb(downloaded)} / ${mb(total)}`;
}

/**
 * A progress reporter that redraws one line on a terminal (`\r`, at most every 100 ms) and ends it
 * with a newline when the download is done.
 */
export function terminalProgress(stream: ProgressStream): (progress: DownloadProgress) => void {
  let last = 0;
  return (progress) => {
    const now = Date.now();
    if (!progress.done && now - last < 100) return;
    last = now;
    let line = formatProgressLine(progress);
    if (stream.columns && line.length > stream.columns - 1)
      line = line.slice(0, stream.columns - 1);
    stream.write(`\r${line}\x1b[K${progress.done ? "\n" : ""}`);
  };
}
