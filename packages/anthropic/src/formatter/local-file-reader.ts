/**
 * Reads a local file for a formatter (an image or audio block whose URL is a local path, which
 * AgentScope inlines as base64). Returns the bytes, or `undefined` when there is no such file.
 */
export type LocalFileReader = (path: string) => Promise<Uint8Array | undefined>;

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

/**
 * The default {@link LocalFileReader}: on Node (and Deno, Bun) it reads the file with
 * `node:fs/promises`, imported lazily the first time a local path is met; elsewhere (a browser) it
 * throws, asking for a `readLocalFile` option. The main entry stays browser-safe either way.
 */
export const defaultLocalFileReader: LocalFileReader = async (path) => {
  const fs = await loadFs();
  if (!fs) {
    throw new Error(
      `Cannot read the local file ${JSON.stringify(path)}: this runtime has no file system. Pass a URL or base64 source instead, or give the formatter a readLocalFile option.`,
    );
  }
  try {
    if (!(await fs.stat(path)).isFile()) return undefined;
    return new Uint8Array(await fs.readFile(path));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
};
