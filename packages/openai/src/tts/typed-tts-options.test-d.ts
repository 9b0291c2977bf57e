// Type tests of the TTS and embedding options `registry.ttsModel` / `registry.embedding` take for
// the OpenAI provider (checked by `pnpm typecheck`, never run).
import { createRegistry, type TTSModelBase } from "@agentscope-ts/core";
import { expectTypeOf } from "vitest";
import { openai } from "../provider/openai-provider.js";

const registry = createRegistry()
  .register(openai())
  .register(openai({ id: "vllm", api: "responses" }));

// The common path infers and accepts the TTS model's own options.
const tts = registry.ttsModel("openai:gpt-4o-mini-tts", {
  voice: "coral",
  format: "wav",
  streamFormat: "sse",
  generateKwargs: { instructions: "Speak warmly" },
});
expectTypeOf(tts).toEqualTypeOf<TTSModelBase>();
registry.ttsModel("openai:gpt-4o-mini-tts");
registry.ttsModel("vllm:tts-1", { voice: "alloy", stream: false });

// @ts-expect-error a misspelt TTS option is a type error
registry.ttsModel("openai:gpt-4o-mini-tts", { vioce: "coral" });
// @ts-expect-error an unknown audio format is a type error
registry.ttsModel("openai:gpt-4o-mini-tts", { format: "ogg" });
// @ts-expect-error the provider builds the client: a model's own `client` is not a registry option
registry.ttsModel("openai:gpt-4o-mini-tts", { client: undefined });

// Embedding options are checked the same way.
registry.embedding("openai:text-embedding-3-small", { dimensions: 256, batchSize: 64 });
// @ts-expect-error a misspelt embedding option is a type error
registry.embedding("openai:text-embedding-3-small", { dimension: 256 });
