import { describe, expect, it } from "vitest";
import type { ToolResponse } from "../tool/tool-response.js";
import { createDocument, type Document } from "./document.js";
import { KnowledgeBase, type RetrieveOptions } from "./knowledge-base.js";

/** Scores documents by how many query words they contain. */
class WordKnowledge extends KnowledgeBase {
  docs: Document[] = [];
  async addDocuments(documents: Document[]) {
    this.docs.push(...documents);
  }
  async retrieve(query: string, { limit = 5, scoreThreshold }: RetrieveOptions = {}) {
    const words = query.toLowerCase().split(/\s+/);
    return this.docs
      .map((d) => {
        const text =
          d.metadata.content.type === "text" ? d.metadata.content.text.toLowerCase() : "";
        return { ...d, score: words.filter((w) => text.includes(w)).length / words.length };
      })
      .filter((d) => d.score > (scoreThreshold ?? 0))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }
}

const text = (t: string, i: number) =>
  createDocument({ content: { type: "text", text: t }, doc_id: "d", chunk_id: i, total_chunks: 2 });

describe("KnowledgeBase", () => {
  it("gives documents fresh ids", () => {
    expect(text("a", 0).id).not.toBe(text("a", 0).id);
  });

  it("exposes retrieve_knowledge as a tool with the reference's texts", async () => {
    const kb = new WordKnowledge();
    await kb.addDocuments([text("Paris is the capital of France", 0), text("Tokyo is big", 1)]);
    const tool = kb.asTool();
    expect(tool.name).toBe("retrieve_knowledge");
    const ctx = { signal: new AbortController().signal, toolCallId: "1" };
    const hit = (await tool.execute({ query: "capital France", limit: 5 }, ctx)) as ToolResponse;
    expect(hit.content).toEqual([
      { type: "text", text: "Score: 1.0, Content: Paris is the capital of France" },
    ]);
    const miss = (await tool.execute(
      { query: "capital France", limit: 5, score_threshold: 1 },
      ctx,
    )) as ToolResponse;
    expect(miss.content[0]).toEqual({
      type: "text",
      text: "No relevant documents found. TRY to reduce the `score_threshold` parameter to get more results.",
    });
  });
});
