import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packageTestConfig } from "@agentscope-ts/vitest-config";

// mem0 keeps an anonymous id in `~/.mem0/config.json`; tests point it at a temporary folder.
export default packageTestConfig({
  test: { env: { MEM0_DIR: mkdtempSync(join(tmpdir(), "agentscope-mem0-home-")) } },
});
