import {
  checkChunkOptions,
  type Document,
  type ImageBlock,
  type SplitBy,
  shortUuid,
  type TextBlock,
  type TextReader,
  ValidationError,
} from "@agentscope-ts/core";
import type { TableFormat } from "./table-format.js";

/** A piece of a file in reading order: text (paragraphs, tables) or an image. */
export type DataBlock = TextBlock | ImageBlock;

/** Options every office-document reader shares. */
export interface ChunkingOptions {
  /** The largest chunk, in characters. Default 512. */
  chunkSize?: number;
  /** The unit to split text by. Default `"sentence"`. */
  splitBy?: SplitBy;
}

/** Checks chunking and table options; throws a `ValidationError` naming the field. */
export function checkReaderOptions(
  what: string,
  chunkSize: unknown,
  splitBy: unknown,
  tableFormat?: unknown,
): void {
  checkChunkOptions(what, chunkSize, splitBy);
  if (tableFormat !== undefined && tableFormat !== "markdown" && tableFormat !== "json") {
    throw new ValidationError(what, [
      {
        path: "tableFormat",
        message: `must be one of 'markdown' or 'json', got ${JSON.stringify(tableFormat)}`,
      },
    ]);
  }
}

/**
 * Text blocks chunked by `textReader`, images as chunks of their own, then every chunk numbered
 * in order (AgentScope's `_blocks_to_documents`). `textIds` gives text chunks the id `docId` (the
 * Excel reader does); otherwise each chunk gets a fresh id.
 */
export async function blocksToDocuments(
  blocks: readonly DataBlock[],
  docId: string,
  textReader: TextReader,
  textIds = false,
): Promise<Document[]> {
  const docs: Document[] = [];
  for (const block of blocks) {
    if (block.type === "text") {
      for (const chunk of await textReader.read(block.text)) {
        docs.push({
          id: textIds ? docId : shortUuid(),
          metadata: {
            content: chunk.metadata.content,
            doc_id: docId,
            chunk_id: 0,
            total_chunks: 0,
          },
          embedding: null,
          score: null,
        });
      }
    } else {
      docs.push({
        id: shortUuid(),
        metadata: { content: block, doc_id: docId, chunk_id: 0, total_chunks: 1 },
        embedding: null,
        score: null,
      });
    }
  }
  docs.forEach((doc, i) => {
    doc.metadata.chunk_id = i;
    doc.metadata.total_chunks = docs.length;
  });
  return docs;
}

/** Appends `text` to the last block when `merge` (with a line break), else starts a new text block. */
export function pushText(blocks: DataBlock[], text: string, merge: boolean): void {
  const last = blocks.at(-1);
  if (merge && last?.type === "text") last.text += `\n${text}`;
  else blocks.push({ type: "text", text });
}

/** The table text in `format`. */
export type { TableFormat };
