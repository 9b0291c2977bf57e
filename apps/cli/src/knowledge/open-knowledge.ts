import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { SimpleKnowledge } from "@agentscope-ts/core";
import { SqliteVectorStore } from "@agentscope-ts/sqlite";
import type { TextOutput } from "../terminal/style.js";
import type { LoadedEmbedding } from "./embedding-choice.js";
import { type IngestReport, ingestKnowledge } from "./ingest-knowledge.js";
import { progressBar } from "./progress-bar.js";

/** A knowledge base for the agent, backed by a SQLite file, and what was ingested. */
export interface OpenedKnowledge {
  /** The knowledge base. */
  knowledge: SimpleKnowledge;
  /** The store file. */
  file: string;
  /** What ingestion did. */
  report: IngestReport;
  /** Closes the store. */
  close(): void;
}

/** The store file of an embedding model: one per model, since vectors of two models do not mix. */
export function knowledgeFile(home: string, embedding: LoadedEmbedding): string {
  const slug = embedding.label.replace(/[^A-Za-z0-9._-]+/g, "_");
  return join(home, "knowledge", `${slug}-${embedding.model.dimensions}.db`);
}

/**
 * Opens the SQLite store under `<agentscope home>/knowledge/`, ingests `path` into it (progress
 * bar on a terminal, a summary line after) and returns the knowledge base.
 */
export async function openKnowledge(options: {
  path: string;
  home: string;
  embedding: LoadedEmbedding;
  stderr: TextOutput;
}): Promise<OpenedKnowledge> {
  const { embedding, stderr } = options;
  const file = knowledgeFile(options.home, embedding);
  mkdirSync(join(options.home, "knowledge"), { recursive: true });
  const store = new SqliteVectorStore({ path: file, dimensions: embedding.model.dimensions });
  try {
    const knowledge = new SimpleKnowledge({
      embeddingStore: store,
      embeddingModel: embedding.model,
    });
    const bar = progressBar(stderr);
    let report: IngestReport;
    try {
      report = await ingestKnowledge({
        path: options.path,
        knowledge,
        store,
        progress: bar.update,
      });
    } finally {
      bar.done();
    }
    for (const { file: failed, error } of report.failed) {
      stderr.write(`agentscope: skipped ${failed}: ${error}\n`);
    }
    stderr.write(
      `agentscope: knowledge: ${report.files} file(s), ${report.embedded} embedded (${report.chunks} chunks), ${report.reused} unchanged, with ${embedding.label}\n`,
    );
    return { knowledge, file, report, close: () => store.close() };
  } catch (error) {
    store.close();
    throw error;
  }
}
