import type { EmbeddingModelBase } from "../embedding/embedding-model-base.js";
import { ValidationError } from "../errors/validation-error.js";
import type { Document } from "./document.js";
import { KnowledgeBase, type RetrieveOptions } from "./knowledge-base.js";
import type { VDBStoreBase } from "./vdb-store-base.js";

/** Options of {@link SimpleKnowledge}. */
export interface SimpleKnowledgeOptions {
  /** Where the embedded chunks are kept. */
  embeddingStore: VDBStoreBase;
  /** Embeds the chunks and the queries. */
  embeddingModel: EmbeddingModelBase;
}

/**
 * A knowledge base that embeds documents and queries with an embedding model and keeps the
 * vectors in a store (AgentScope's `SimpleKnowledge`).
 */
export class SimpleKnowledge extends KnowledgeBase {
  /** Where the embedded chunks are kept. */
  readonly embeddingStore: VDBStoreBase;
  /** Embeds the chunks and the queries. */
  readonly embeddingModel: EmbeddingModelBase;

  constructor(options: SimpleKnowledgeOptions) {
    super();
    const issues = [];
    if (!options?.embeddingStore)
      issues.push({ path: "embeddingStore", message: "required (a VDBStoreBase)" });
    if (!options?.embeddingModel)
      issues.push({ path: "embeddingModel", message: "required (an EmbeddingModelBase)" });
    if (issues.length > 0) throw new ValidationError("SimpleKnowledge options", issues);
    this.embeddingStore = options.embeddingStore;
    this.embeddingModel = options.embeddingModel;
  }

  /** Embeds `query` and returns the store's nearest documents, best first. */
  async retrieve(query: string, options: RetrieveOptions = {}): Promise<Document[]> {
    const { limit = 5, scoreThreshold = null, ...rest } = options;
    const res = await this.embeddingModel.embed([{ type: "text", text: query }]);
    return this.embeddingStore.search(res.embeddings[0] ?? [], { ...rest, limit, scoreThreshold });
  }

  /** Embeds `documents` (setting their `embedding`) and adds them to the store. */
  async addDocuments(documents: Document[]): Promise<void> {
    const supported = this.embeddingModel.supportedModalities;
    const issues = documents.flatMap((doc, i) =>
      supported.includes(doc.metadata.content.type)
        ? []
        : [
            {
              path: `[${i}].metadata.content.type`,
              message: `the embedding model ${this.embeddingModel.modelName} does not support ${doc.metadata.content.type} data`,
            },
          ],
    );
    if (issues.length > 0) {
      throw new ValidationError("documents", issues, {
        hint: `Use a model embedding ${[...new Set(documents.map((d) => d.metadata.content.type))].join("/")} (it embeds: ${supported.join(", ")}), or read without images.`,
      });
    }
    if (documents.length === 0) return;
    const res = await this.embeddingModel.embed(documents.map((doc) => doc.metadata.content));
    documents.forEach((doc, i) => {
      doc.embedding = res.embeddings[i] ?? null;
    });
    await this.embeddingStore.add(documents);
  }
}
