import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { startStudioContractServer } from "./testing.js";

const script = fileURLToPath(
  new URL("./__fixtures__/connect-disconnect-exit.mjs", import.meta.url),
);

describe("a process that connects, disconnects and exits at once", () => {
  it("leaves its run marked done in Studio (the close reaches Studio before the process ends)", async () => {
    const studio = await startStudioContractServer();
    try {
      for (const runId of ["quick-1", "quick-2", "quick-3"]) {
        await promisify(execFile)(process.execPath, [script, studio.url, runId], {
          timeout: 30_000,
        });
        await studio.waitFor(() => studio.store.runs.get(runId)?.status === "done", 5_000);
        expect(studio.store.runs.get(runId)?.status).toBe("done");
      }
    } finally {
      await studio.close();
    }
  });
});
