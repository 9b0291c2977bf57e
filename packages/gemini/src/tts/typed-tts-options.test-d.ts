// Type tests of the TTS and embedding options `registry.ttsModel` / `registry.embedding` take for
// the Gemini provider (checked by `pnpm typecheck`, never run).
import { createRegistry, type TTSModelBase } from "@agentscope-ts/core";
import { expectTypeOf } from "vitest";
import { gemini } from "../provider/gemini-provider.js";

const registry = createRegistry().register(gemini());

// The common path infers and accepts the TTS model's own options (the SDK's config in `generateKwargs`).
const tts = registry.ttsModel("gemini:gemini-2.5-flash-preview-tts", {
  voice: "Kore",
  generateKwargs: { temperature: 0.2 },
});
expectTypeOf(tts).toEqualTypeOf<TTSModelBase>();
registry.ttsModel("gemini:gemini-2.5-flash-preview-tts");

// @ts-expect-error a misspelt TTS option is a type error
registry.ttsModel("gemini:gemini-2.5-flash-preview-tts", { vioce: "Kore" });
// @ts-expect-error `generateKwargs` is the SDK's GenerateContentConfig: a misspelt field fails
registry.ttsModel("gemini:gemini-2.5-flash-preview-tts", { generateKwargs: { temprature: 0.2 } });

// Embedding options are checked the same way.
registry.embedding("gemini:gemini-embedding-001", { dimensions: 768 });
// @ts-expect-error a misspelt embedding option is a type error
registry.embedding("gemini:gemini-embedding-001", { dimension: 768 });
