import type { ToolDefinition } from "../tool/tool-definition.js";
import { toolResponse } from "../tool/tool-response.js";
import type { Document } from "./document.js";
import { pythonFloat } from "./python-float.js";

/** Options of {@link KnowledgeBase.retrieve}. */
export interface RetrieveOptions {
  /** How many documents to return at most. Defaults to 5. */
  limit?: number;
  /** Only documents scoring above this are returned. */
  scoreThreshold?: number | null;
  /** Store-specific search options. */
  [key: string]: unknown;
}

/**
 * A searchable store of documents for retrieval-augmented generation (AgentScope's
 * `KnowledgeBase`). A ReAct agent given knowledge bases queries them before reasoning; an agent can
 * also search one itself through {@link KnowledgeBase.asTool} (`retrieve_knowledge`).
 * Implementations (a vector store with an embedding model, say) come in their own packages.
 */
export abstract class KnowledgeBase {
  /** The documents most relevant to `query`, best first. */
  abstract retrieve(query: string, options?: RetrieveOptions): Promise<Document[]>;

  /** Embeds and stores `documents`. */
  abstract addDocuments(documents: Document[], options?: Record<string, unknown>): Promise<void>;

  /** The `retrieve_knowledge` tool, for agents that search the knowledge base themselves. */
  asTool(): ToolDefinition<{
    query: string;
    limit?: number | undefined;
    score_threshold?: number | undefined;
  }> {
    return {
      name: "retrieve_knowledge",
      description:
        "Retrieve relevant documents from the knowledge base. Note the `query` parameter is directly related to the retrieval quality, and for the same question, you can try many different queries to get the best results. Adjust the `limit` and `score_threshold` parameters to get more or fewer results.",
      // A JSON Schema literal (no zod at import): what zod generated for AgentScope's signature.
      parameters: {
        type: "object",
        properties: {
          query: {
            type: "string",
            description:
              'The query string, which should be specific and concise. For example, you should provide the specific name instead of "you", "my", "he", "she", etc.',
          },
          limit: {
            default: 5,
            description: "The number of relevant documents to retrieve.",
            type: "integer",
            exclusiveMinimum: 0,
          },
          score_threshold: {
            description:
              "A threshold in [0, 1] and only the relevance score above this threshold will be returned. Reduce this value to get more results.",
            type: "number",
          },
        },
        required: ["query"],
      },
      execute: async ({ query, limit, score_threshold }) => {
        const docs = await this.retrieve(query, {
          limit: limit ?? 5,
          scoreThreshold: score_threshold ?? null,
        });
        if (docs.length === 0) {
          return toolResponse(
            "No relevant documents found. TRY to reduce the `score_threshold` parameter to get more results.",
          );
        }
        return toolResponse(
          docs.map((d) => ({
            type: "text" as const,
            text: `Score: ${d.score == null ? "None" : pythonFloat(d.score)}, Content: ${d.metadata.content.type === "text" ? d.metadata.content.text : `[${d.metadata.content.type}]`}`,
          })),
        );
      },
    };
  }
}
