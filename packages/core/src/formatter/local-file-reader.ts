/**
 * Reads a local file for a formatter (a media block whose URL is a local path, which AgentScope
 * inlines as base64). Returns the bytes, or `undefined` when there is no such file.
 */
export type LocalFileReader = (path: string) => Promise<Uint8Array | undefined>;

/** Options of {@link createLocalFileReader}. */
export interface LocalFileReaderOptions {
  /**
   * What to do where the runtime has no file system (a browser): `"throw"` (default) asks for a
   * `readLocalFile` option; `"missing"` treats every path as "no such file", so it is sent on as a
   * URL, as AgentScope treats paths it cannot open.
   */
  withoutFileSystem?: "throw" | "missing";
  /** The error codes that mean "no such file". Default `["ENOENT", "ENOTDIR"]`. */
  missingErrorCodes?: readonly string[];
}

// A variable specifier, so browser bundlers leave the import alone: it only runs on Node, and only
// when a formatter meets a local path.
const NODE_FS = "node:fs/promises";

interface NodeFs {
  stat(path: string): Promise<{ isFile(): boolean }>;
  readFile(path: string): Promise<Uint8Array>;
}

let fsPromise: Promise<NodeFs | undefined> | undefined;

function loadFs(): Promise<NodeFs | undefined> {
  fsPromise ??= import(/* @vite-ignore */ /* webpackIgnore: true */ NODE_FS).then(
    (mod: NodeFs) => mod,
    () => undefined,
  );
  return fsPromise;
}

const DEFAULT_MISSING_CODES: readonly string[] = ["ENOENT", "ENOTDIR"];

/**
 * A {@link LocalFileReader} that reads with `node:fs/promises` on Node (and Deno, Bun), imported
 * lazily the first time a local path is met, so the main entry stays browser-safe.
 */
export function createLocalFileReader(options: LocalFileReaderOptions = {}): LocalFileReader {
  const throwWithoutFs = (options.withoutFileSystem ?? "throw") === "throw";
  const missingCodes = options.missingErrorCodes ?? DEFAULT_MISSING_CODES;
  return async (path) => {
    const fs = await loadFs();
    if (!fs) {
      if (!throwWithoutFs) return undefined;
      throw new Error(
        `Cannot read the local file ${JSON.stringify(path)}: this runtime has no file system. Pass a URL or base64 source instead, or give the formatter a readLocalFile option.`,
      );
    }
    try {
      if (!(await fs.stat(path)).isFile()) return undefined;
      return new Uint8Array(await fs.readFile(path));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === "string" && missingCodes.includes(code)) return undefined;
      throw error;
    }
  };
}

/**
 * The default {@link LocalFileReader}: on Node (and Deno, Bun) it reads the file with
 * `node:fs/promises`; elsewhere (a browser) it throws, asking for a `readLocalFile` option.
 */
export const defaultLocalFileReader: LocalFileReader = createLocalFileReader();
