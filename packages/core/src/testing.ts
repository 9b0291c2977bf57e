/**
 * Test helpers for AgentScope-TS and plugin authors: a scripted chat model, a recording tracer and
 * deterministic fake embeddings. Import from `@agentscope-ts/core/testing`.
 */
export * from "./testing/index.js";
