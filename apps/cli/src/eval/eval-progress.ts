import type { EvaluationProgress } from "@agentscope-ts/evaluate";
import type { TextOutput } from "../terminal/style.js";

const WIDTH = 24;

/** `m:ss` (or `h:mm:ss`) of milliseconds. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/**
 * Progress of `agentscope eval run`: a bar redrawn in place on a terminal
 * (`eval [#####-----] 5/12 42% ETA 0:07`), one line per solution on a pipe. The ETA comes from the
 * solutions run in this process (those found saved cost nothing). Returns the callback and `done()`.
 */
export function evalProgress(
  out: TextOutput,
  now: () => number = Date.now,
): {
  update(progress: EvaluationProgress): void;
  done(): void;
} {
  const started = now();
  let ran = 0;
  let drawn = false;
  return {
    update({ done, total, record }) {
      if (!record.resumed) ran++;
      const left = total - done;
      const eta = ran > 0 ? clock(((now() - started) / ran) * left) : "?";
      const status = record.resumed
        ? "saved"
        : record.success
          ? "ok"
          : `failed (${record.error?.type ?? "error"})`;
      if (out.isTTY) {
        const filled = total === 0 ? WIDTH : Math.round((done / total) * WIDTH);
        const pct = total === 0 ? 100 : Math.round((done / total) * 100);
        out.write(
          `\r\x1b[2Keval [${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${done}/${total} ${pct}% ETA ${eta}`,
        );
        drawn = true;
      } else {
        out.write(`${done}/${total} ${record.taskId}/${record.repeatId} ${status} ETA ${eta}\n`);
      }
    },
    done() {
      if (drawn) out.write("\r\x1b[2K");
    },
  };
}
