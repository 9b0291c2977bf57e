import type { TextOutput } from "../terminal/style.js";
import type { IngestProgress } from "./ingest-knowledge.js";

const WIDTH = 24;

/**
 * A progress bar for ingestion on a terminal (`[#####-----] 3/10 notes.md`, redrawn in place);
 * on a pipe, nothing until the summary. Returns the callback and `done()`, which ends the line.
 */
export function progressBar(out: TextOutput): { update: IngestProgress; done(): void } {
  let drawn = false;
  return {
    update(done, total, file) {
      if (!out.isTTY) return;
      const filled = total === 0 ? WIDTH : Math.round((done / total) * WIDTH);
      const name = file.length > 40 ? `…${file.slice(-39)}` : file;
      out.write(
        `\r\x1b[2Kknowledge [${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${done}/${total} ${name}`,
      );
      drawn = true;
    },
    done() {
      if (drawn) out.write("\r\x1b[2K");
    },
  };
}
