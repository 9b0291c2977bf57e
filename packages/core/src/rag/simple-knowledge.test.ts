import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { makeAgent, promptText } from "../integration/__fixtures__/react-kit.js";
import { Msg } from "../message/msg.js";
import { DeterministicEmbeddingModel } from "../testing/deterministic-embedding-model.js";
import { scriptedText } from "../testing/scripted-steps.js";
import type { ToolResponse } from "../tool/tool-response.js";
import { InMemoryVectorStore } from "./in-memory-vector-store.js";
import { SimpleKnowledge } from "./simple-knowledge.js";
import { TextReader } from "./text-reader.js";

const FACTS =
  "The Zephyr bridge opened in 1931. Its main span is 412 metres long. Bananas are yellow fruit.";

async function knowledge() {
  const embeddingModel = new DeterministicEmbeddingModel({ dimensions: 64 });
  const kb = new SimpleKnowledge({ embeddingStore: new InMemoryVectorStore(), embeddingModel });
  await kb.addDocuments(await new TextReader().read(FACTS));
  return { kb, embeddingModel };
}

describe("SimpleKnowledge", () => {
  it("embeds the chunks in one call and retrieves the nearest one for a query", async () => {
    const { kb, embeddingModel } = await knowledge();
    expect(embeddingModel.calls[0]).toEqual([
      "The Zephyr bridge opened in 1931.",
      "Its main span is 412 metres long.",
      "Bananas are yellow fruit.",
    ]);
    const [best] = await kb.retrieve("When was the Zephyr bridge opened?", { limit: 1 });
    expect(best?.metadata.content).toEqual({
      type: "text",
      text: "The Zephyr bridge opened in 1931.",
    });
    expect(best?.score).toBeCloseTo(
      cosine(
        embeddingModel.vectorOf("When was the Zephyr bridge opened?"),
        embeddingModel.vectorOf("The Zephyr bridge opened in 1931."),
      ),
      10,
    );
    expect(await kb.retrieve("Zephyr bridge", { limit: 3, scoreThreshold: 0.99 })).toEqual([]);
  });

  it("answers through retrieve_knowledge with the reference's text", async () => {
    const { kb } = await knowledge();
    const tool = kb.asTool();
    const ctx = { signal: new AbortController().signal, toolCallId: "1" };
    const res = (await tool.execute({ query: "bananas yellow", limit: 1 }, ctx)) as ToolResponse;
    expect(res.content).toHaveLength(1);
    expect((res.content[0] as { text: string }).text).toMatch(
      /^Score: 0\.\d+, Content: Bananas are yellow fruit\.$/,
    );
  });

  it("refuses images for a text-only embedding model, naming the document", async () => {
    const { kb } = await knowledge();
    const image = {
      id: "x",
      metadata: {
        content: {
          type: "image" as const,
          source: { type: "url" as const, url: "https://x/y.png" },
        },
        doc_id: "x",
        chunk_id: 0,
        total_chunks: 1,
      },
    };
    await expect(kb.addDocuments([image])).rejects.toThrow(ValidationError);
    await expect(kb.addDocuments([image])).rejects.toThrow(/\[0\]\.metadata\.content\.type.*image/);
  });

  it("gives a ReActAgent the retrieved chunk before it reasons", async () => {
    const { kb } = await knowledge();
    const { agent, model } = makeAgent([scriptedText("It opened in 1931.")], {
      knowledge: kb,
      enableRewriteQuery: false,
    });
    const reply = await agent.call(new Msg("user", "When was the Zephyr bridge opened?", "user"));
    expect(reply.getTextContent()).toBe("It opened in 1931.");
    const prompt = model.calls[0]?.messages ?? [];
    const retrieved = prompt.find((m) => promptText([m]).includes("<retrieved_knowledge>"));
    expect(retrieved?.content).toEqual(
      expect.arrayContaining([
        {
          type: "text",
          text: "<retrieved_knowledge>Use the following content from the knowledge base(s) if it's helpful:\n",
        },
        { type: "text", text: "The Zephyr bridge opened in 1931." },
        { type: "text", text: "</retrieved_knowledge>" },
      ]),
    );
    const texts = ((retrieved?.content ?? []) as { text: string }[]).map((b) => b.text);
    expect(texts[1]).toBe("The Zephyr bridge opened in 1931.");
  });
});

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  a.forEach((x, i) => {
    dot += x * (b[i] ?? 0);
    na += x * x;
    nb += (b[i] ?? 0) ** 2;
  });
  return dot / Math.sqrt(na * nb);
}
