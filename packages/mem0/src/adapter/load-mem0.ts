import type { ChatModelBase, EmbeddingModelBase } from "@agentscope-ts/core";
import type { MemoryClient } from "mem0ai";
import { AgentScopeEmbedder } from "./agentscope-embedder.js";
import type { Mem0ChatMessage } from "./agentscope-llm.js";
import { AgentScopeLLM } from "./agentscope-llm.js";

/** The mem0 provider name under which AgentScope-TS models are plugged in. */
export const AGENTSCOPE_PROVIDER = "agentscope";

type Oss = typeof import("mem0ai/oss");

const PATCHED = Symbol.for("agentscope-ts.mem0.providers");

/**
 * mem0 reads `MEM0_TELEMETRY` once, when its module is first imported. Unless telemetry is asked
 * for (or the variable is already set), set it to `false` before that import.
 */
function prepareTelemetry(telemetry: boolean): void {
  if (process.env.MEM0_TELEMETRY === undefined) {
    process.env.MEM0_TELEMETRY = telemetry ? "true" : "false";
  }
}

/**
 * Registers the `agentscope` LLM and embedder providers with mem0's factories, as the reference
 * registers them in mem0's `provider_to_class`: mem0's TypeScript `Memory` builds its LLM and
 * embedder through `LLMFactory.create` / `EmbedderFactory.create`, which know only mem0's own
 * providers, so we wrap both once. The model instance travels in the provider config's `model`.
 */
function registerAgentScopeProviders(oss: Oss): void {
  const marker = oss.LLMFactory as unknown as Record<symbol, boolean>;
  if (marker[PATCHED]) return;
  const createLlm = oss.LLMFactory.create.bind(oss.LLMFactory);
  oss.LLMFactory.create = (provider, config) =>
    provider.toLowerCase() === AGENTSCOPE_PROVIDER
      ? new AgentScopeLLM(config.model as ChatModelBase<Mem0ChatMessage>)
      : createLlm(provider, config);
  const createEmbedder = oss.EmbedderFactory.create.bind(oss.EmbedderFactory);
  oss.EmbedderFactory.create = (provider, config) =>
    provider.toLowerCase() === AGENTSCOPE_PROVIDER
      ? new AgentScopeEmbedder(config.model as EmbeddingModelBase)
      : createEmbedder(provider, config);
  Object.defineProperty(oss.LLMFactory, PATCHED, { value: true });
}

let ossModule: Promise<Oss> | undefined;

/** Imports `mem0ai/oss` (telemetry off unless asked) with the AgentScope providers registered. */
export function loadMem0Oss(telemetry = false): Promise<Oss> {
  prepareTelemetry(telemetry);
  ossModule ??= import("mem0ai/oss").then((oss) => {
    registerAgentScopeProviders(oss);
    return oss;
  });
  return ossModule;
}

/** Imports `mem0ai` (the hosted platform client), telemetry off unless asked. */
export async function loadMem0Hosted(
  telemetry = false,
): Promise<{ MemoryClient: typeof MemoryClient }> {
  prepareTelemetry(telemetry);
  const hosted = await import("mem0ai");
  return { MemoryClient: hosted.MemoryClient };
}
