import { createHash } from "node:crypto";
import { type Document, ReaderBase, shortUuid } from "@agentscope-ts/core";

/**
 * Wraps image URLs or paths into image chunks for multimodal RAG (AgentScope's `ImageReader`):
 * one document per image, with a URL source and the MD5 of the URL/path as document id. The
 * embedding model must embed images.
 */
export class ImageReader extends ReaderBase {
  /** One image document per URL or path. */
  async read(imageUrl: string | readonly string[]): Promise<Document[]> {
    const urls = typeof imageUrl === "string" ? [imageUrl] : [...imageUrl];
    return Promise.all(
      urls.map(async (url) => ({
        id: shortUuid(),
        metadata: {
          content: { type: "image" as const, source: { type: "url" as const, url } },
          doc_id: await this.getDocId(url),
          chunk_id: 0,
          total_chunks: 1,
        },
        embedding: null,
        score: null,
      })),
    );
  }

  /** The document id: the MD5 of the URL or path, in hex. */
  async getDocId(imagePath: string): Promise<string> {
    return createHash("md5").update(imagePath, "utf8").digest("hex");
  }
}
