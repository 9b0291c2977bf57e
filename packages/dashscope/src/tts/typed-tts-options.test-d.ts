// Type tests of the TTS and embedding options `registry.ttsModel` / `registry.embedding` take for
// the DashScope provider (checked by `pnpm typecheck`, never run).
import { createRegistry, type TTSModelBase } from "@agentscope-ts/core";
import { expectTypeOf } from "vitest";
import { dashscope } from "../provider/dashscope-provider.js";

const registry = createRegistry().register(dashscope());

// The common paths infer: each model family's own options are accepted.
const cosy = registry.ttsModel("dashscope:cosyvoice-v3-plus", {
  voice: "longanyang",
  sampleRate: 24_000,
  coldStartLength: 8,
  streamingInput: false,
});
expectTypeOf(cosy).toEqualTypeOf<TTSModelBase>();
registry.ttsModel("dashscope:qwen3-tts-flash-realtime", { format: "pcm", connectTimeout: null });
registry.ttsModel("dashscope:qwen3-tts-flash", { languageType: "English" });

// @ts-expect-error a misspelt TTS option is a type error
registry.ttsModel("dashscope:qwen3-tts-flash", { langaugeType: "English" });
// @ts-expect-error an unknown audio format is a type error
registry.ttsModel("dashscope:cosyvoice-v3-plus", { format: "wav" });

// Embedding options are checked the same way.
registry.embedding("dashscope:text-embedding-v4", { dimensions: 1024 });
// @ts-expect-error a misspelt embedding option is a type error
registry.embedding("dashscope:text-embedding-v4", { dimension: 1024 });
