import { createLocalFileReader, type LocalFileReader } from "@agentscope-ts/core";

export type { LocalFileReader };

/**
 * DashScope's default {@link LocalFileReader}: reads with `node:fs/promises` on Node; where there
 * is no file system (a browser), or the path cannot name a file, it counts as "no such file", so
 * it is sent on as a URL, as AgentScope treats paths it cannot open.
 */
export const defaultLocalFileReader: LocalFileReader = createLocalFileReader({
  withoutFileSystem: "missing",
  missingErrorCodes: ["ENOENT", "ENOTDIR", "ENAMETOOLONG"],
});
