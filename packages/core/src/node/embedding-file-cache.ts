import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import {
  EmbeddingCacheBase,
  type EmbeddingCacheIdentifier,
} from "../embedding/embedding-cache-base.js";
import type { Embedding } from "../embedding/embedding-response.js";
import { pythonJsonDumps } from "../utils/python-json.js";

/** Options of {@link FileEmbeddingCache}. */
export interface FileEmbeddingCacheOptions {
  /** The folder of the cache files; created when missing. Default `./.cache/embeddings`. */
  cacheDir?: string;
  /** The most files kept; the oldest are removed beyond it. */
  maxFileNumber?: number;
  /** The most megabytes kept; the oldest files are removed beyond it. */
  maxCacheSize?: number;
}

const MAGIC = Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]); // \x93NUMPY

/** Encodes vectors as a NumPy `.npy` file of float64 (what `np.save` writes for a list of lists). */
export function encodeNpy(embeddings: readonly Embedding[]): Buffer {
  const rows = embeddings.length;
  const cols = rows > 0 ? (embeddings[0]?.length ?? 0) : 0;
  for (const [i, row] of embeddings.entries()) {
    if (row.length !== cols) {
      throw new Error(
        `Cannot cache ragged embeddings: vector ${i} has ${row.length} values, vector 0 has ${cols}.`,
      );
    }
  }
  const shape = rows === 0 ? "(0,)" : `(${rows}, ${cols})`;
  let header = `{'descr': '<f8', 'fortran_order': False, 'shape': ${shape}, }`;
  const unpadded = MAGIC.length + 2 + 2 + header.length + 1;
  header += " ".repeat((64 - (unpadded % 64)) % 64);
  header += "\n";
  const headerBytes = Buffer.from(header, "latin1");
  const data = Buffer.alloc(rows * cols * 8);
  let offset = 0;
  for (const row of embeddings) {
    for (const v of row) {
      data.writeDoubleLE(v, offset);
      offset += 8;
    }
  }
  const prefix = Buffer.alloc(10);
  MAGIC.copy(prefix, 0);
  prefix[6] = 1;
  prefix[7] = 0;
  prefix.writeUInt16LE(headerBytes.length, 8);
  return Buffer.concat([prefix, headerBytes, data]);
}

/** Decodes a `.npy` file of little-endian float64 or float32 vectors (1-D or 2-D, C order). */
export function decodeNpy(bytes: Buffer): Embedding[] {
  if (bytes.length < 10 || !bytes.subarray(0, 6).equals(MAGIC)) {
    throw new Error("Not a .npy file (bad magic bytes).");
  }
  const major = bytes[6] as number;
  const headerLength = major === 1 ? bytes.readUInt16LE(8) : bytes.readUInt32LE(8);
  const headerStart = major === 1 ? 10 : 12;
  const header = bytes.subarray(headerStart, headerStart + headerLength).toString("latin1");
  const descr = /'descr':\s*'([^']+)'/.exec(header)?.[1];
  const fortran = /'fortran_order':\s*True/.test(header);
  const shapeText = /'shape':\s*\(([^)]*)\)/.exec(header)?.[1] ?? "";
  const shape = shapeText
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  if ((descr !== "<f8" && descr !== "<f4") || fortran || shape.length > 2) {
    throw new Error(
      `Unsupported .npy layout: descr ${descr}, fortran_order ${fortran}, shape (${shapeText}).`,
    );
  }
  const size = descr === "<f8" ? 8 : 4;
  const rows = shape.length === 2 ? (shape[0] as number) : shape[0] === 0 ? 0 : 1;
  const cols = shape.length === 2 ? (shape[1] as number) : (shape[0] ?? 0);
  let offset = headerStart + headerLength;
  const out: Embedding[] = [];
  for (let r = 0; r < rows; r++) {
    const row = new Array<number>(cols);
    for (let c = 0; c < cols; c++) {
      row[c] = size === 8 ? bytes.readDoubleLE(offset) : bytes.readFloatLE(offset);
      offset += size;
    }
    out.push(row);
  }
  return out;
}

/**
 * Caches embeddings in files (AgentScope's `FileEmbeddingCache`): one NumPy `.npy` file per
 * identifier, named by the SHA-256 of the identifier's Python-style JSON, so a cache folder is
 * shared with AgentScope Python. Beyond `maxFileNumber` files or `maxCacheSize` MB, the oldest
 * files are removed. Node only.
 */
export class FileEmbeddingCache extends EmbeddingCacheBase {
  /** The absolute cache folder. */
  readonly cacheDir: string;
  /** The most files kept. */
  readonly maxFileNumber: number | undefined;
  /** The most megabytes kept. */
  readonly maxCacheSize: number | undefined;

  constructor(options: FileEmbeddingCacheOptions = {}) {
    super();
    this.cacheDir = resolve(options.cacheDir ?? "./.cache/embeddings");
    this.maxFileNumber = options.maxFileNumber;
    this.maxCacheSize = options.maxCacheSize;
  }

  /** The file name of an identifier: `sha256(json.dumps(identifier, ensure_ascii=False)).npy`. */
  static fileName(identifier: EmbeddingCacheIdentifier): string {
    return `${createHash("sha256").update(pythonJsonDumps(identifier), "utf8").digest("hex")}.npy`;
  }

  async store(
    embeddings: Embedding[],
    identifier: EmbeddingCacheIdentifier,
    overwrite = false,
  ): Promise<void> {
    await mkdir(this.cacheDir, { recursive: true });
    const path = join(this.cacheDir, FileEmbeddingCache.fileName(identifier));
    const existing = await stat(path).catch(() => undefined);
    if (existing && !existing.isFile()) throw new Error(`Path ${path} exists but is not a file.`);
    if (existing && !overwrite) return;
    await writeFile(path, encodeNpy(embeddings));
    await this.maintain();
  }

  async retrieve(identifier: EmbeddingCacheIdentifier): Promise<Embedding[] | undefined> {
    const path = join(this.cacheDir, FileEmbeddingCache.fileName(identifier));
    const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    return bytes ? decodeNpy(bytes) : undefined;
  }

  async remove(identifier: EmbeddingCacheIdentifier): Promise<void> {
    await rm(join(this.cacheDir, FileEmbeddingCache.fileName(identifier)), { force: true });
  }

  async clear(): Promise<void> {
    for (const file of await this.files())
      await rm(join(this.cacheDir, file.name), { force: true });
  }

  private async files(): Promise<{ name: string; mtimeMs: number; size: number }[]> {
    const names = await readdir(this.cacheDir).catch(() => [] as string[]);
    const out: { name: string; mtimeMs: number; size: number }[] = [];
    for (const name of names) {
      if (!name.endsWith(".npy")) continue;
      const info = await stat(join(this.cacheDir, name)).catch(() => undefined);
      if (info?.isFile()) out.push({ name, mtimeMs: info.mtimeMs, size: info.size });
    }
    return out.sort((a, b) => a.mtimeMs - b.mtimeMs);
  }

  private async maintain(): Promise<void> {
    if (this.maxFileNumber === undefined && this.maxCacheSize === undefined) return;
    let files = await this.files();
    if (this.maxFileNumber !== undefined && files.length > this.maxFileNumber) {
      const excess = files.length - this.maxFileNumber;
      for (const file of files.slice(0, excess))
        await rm(join(this.cacheDir, file.name), { force: true });
      files = files.slice(excess);
    }
    if (this.maxCacheSize !== undefined) {
      const limit = this.maxCacheSize * 1024 * 1024;
      let total = files.reduce((sum, f) => sum + f.size, 0);
      for (const file of files) {
        if (total <= limit) break;
        await rm(join(this.cacheDir, file.name), { force: true });
        total -= file.size;
      }
    }
  }
}
