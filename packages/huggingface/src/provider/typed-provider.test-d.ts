// Type tests of the Hugging Face registry entry (checked by `pnpm typecheck`, never run): typed
// embedding options and token counter, and no chat model options at all.
import { createRegistry } from "@agentscope-ts/core";
import { expectTypeOf } from "vitest";
import type { HuggingFaceTokenCounter } from "../token/huggingface-token-counter.js";
import { huggingface } from "./huggingface-provider.js";

const registry = createRegistry().register(huggingface({ id: "hf" }));

// The common paths infer: the exact token counter, the embedding model's own options.
expectTypeOf(registry.tokenCounter("hf:Qwen/Qwen3-8B")).toEqualTypeOf<HuggingFaceTokenCounter>();
registry.embedding("hf:Xenova/all-MiniLM-L6-v2", { dimensions: 384, pooling: "cls", batchSize: 8 });

// @ts-expect-error a misspelt embedding option is a type error
registry.embedding("hf:Xenova/all-MiniLM-L6-v2", { dimension: 384 });
// @ts-expect-error dimensions are a number
registry.embedding("hf:Xenova/all-MiniLM-L6-v2", { dimensions: "384" });
// @ts-expect-error the provider has no chat models: it takes no chat model options
registry.chatModel("hf:Qwen/Qwen3-8B", { stream: false });
// @ts-expect-error an id the registry's type does not know
registry.embedding("huggingface:Xenova/all-MiniLM-L6-v2");
