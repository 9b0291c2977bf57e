import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import type { Document, ReaderBase, SimpleKnowledge } from "@agentscope-ts/core";
import { readerForFile } from "@agentscope-ts/readers";
import type { SqliteVectorStore } from "@agentscope-ts/sqlite";
import { CliError, EXIT } from "../cli-error.js";

/** Most files one `--knowledge` folder may hold (a guard against pointing it at `/`). */
export const MAX_FILES = 5000;
/** Chunks embedded per request. */
export const EMBED_BATCH = 64;

/** Progress of an ingestion: called after each file. */
export type IngestProgress = (done: number, total: number, file: string) => void;

/** What an ingestion did. */
export interface IngestReport {
  /** Supported files found. */
  files: number;
  /** Files read and embedded in this run. */
  embedded: number;
  /** Unchanged files reused from the store. */
  reused: number;
  /** Chunks added in this run. */
  chunks: number;
  /** Files that could not be read (path and why); the others are still ingested. */
  failed: { file: string; error: string }[];
}

/** The supported files under `path` (a file or a folder, recursively; hidden entries and node_modules skipped), sorted. */
export async function listKnowledgeFiles(path: string): Promise<string[]> {
  const root = resolve(path);
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(root);
  } catch {
    throw new CliError(`--knowledge ${path}: no such file or folder`, { exitCode: EXIT.usage });
  }
  if (info.isFile()) {
    if (!readerForFile(root)) {
      throw new CliError(
        `--knowledge ${path}: unsupported file type (use .pdf, .docx, .xlsx, .pptx, .txt, .md and other text files)`,
        { exitCode: EXIT.usage },
      );
    }
    return [root];
  }
  const files: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && readerForFile(full)) {
        files.push(full);
        if (files.length > MAX_FILES) {
          throw new CliError(
            `--knowledge ${path}: more than ${MAX_FILES} files; point it at a smaller folder`,
            { exitCode: EXIT.usage },
          );
        }
      }
    }
  };
  await walk(root);
  return files.sort();
}

/**
 * Reads, chunks, embeds and stores every supported file under `path`. Each chunk carries the
 * file's path (`source`) and content hash (`file_sha256`) in its metadata: a file whose hash is
 * already stored is reused without embedding; a changed file's old chunks are replaced. A file that
 * cannot be read is reported and skipped.
 */
export async function ingestKnowledge(options: {
  path: string;
  knowledge: SimpleKnowledge;
  store: SqliteVectorStore;
  progress?: IngestProgress;
  readerFor?: (file: string) => ReaderBase | undefined;
}): Promise<IngestReport> {
  const { knowledge, store, progress } = options;
  const readerFor = options.readerFor ?? ((file: string) => readerForFile(file));
  const files = await listKnowledgeFiles(options.path);
  const report: IngestReport = {
    files: files.length,
    embedded: 0,
    reused: 0,
    chunks: 0,
    failed: [],
  };
  for (const [i, file] of files.entries()) {
    try {
      const hash = createHash("sha256")
        .update(await readFile(file))
        .digest("hex");
      if (store.count({ source: file, file_sha256: hash }) > 0) {
        report.reused++;
      } else {
        const reader = readerFor(file) as ReaderBase;
        const docs: Document[] = (await reader.read(file)).map((doc) => ({
          ...doc,
          metadata: { ...doc.metadata, source: file, file_sha256: hash },
        }));
        await store.delete({ filter: { source: file } });
        for (let at = 0; at < docs.length; at += EMBED_BATCH) {
          await knowledge.addDocuments(docs.slice(at, at + EMBED_BATCH));
        }
        report.embedded++;
        report.chunks += docs.length;
      }
    } catch (error) {
      report.failed.push({ file, error: (error as Error).message });
    }
    progress?.(i + 1, files.length, relative(resolve(options.path), file) || file);
  }
  return report;
}
