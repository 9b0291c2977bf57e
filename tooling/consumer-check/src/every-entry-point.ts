// Imports every public entry point of every package, the way a user's project would, so the
// strict type-check walks each package's published .d.ts files (not their sources).
import * as a2a from "@agentscope-ts/a2a";
import * as anthropic from "@agentscope-ts/anthropic";
import * as anthropicInternal from "@agentscope-ts/anthropic/internal";
import * as core from "@agentscope-ts/core";
import * as coreNode from "@agentscope-ts/core/node";
import * as coreTesting from "@agentscope-ts/core/testing";
import * as coreTestingSuites from "@agentscope-ts/core/testing/suites";
import * as coreZod from "@agentscope-ts/core/zod";
import * as dashscope from "@agentscope-ts/dashscope";
import * as dashscopeInternal from "@agentscope-ts/dashscope/internal";
import * as evaluate from "@agentscope-ts/evaluate";
import * as gemini from "@agentscope-ts/gemini";
import * as geminiInternal from "@agentscope-ts/gemini/internal";
import * as huggingface from "@agentscope-ts/huggingface";
import * as huggingfaceInternal from "@agentscope-ts/huggingface/internal";
import * as huggingfaceTesting from "@agentscope-ts/huggingface/testing";
import * as llamaCpp from "@agentscope-ts/llama-cpp";
import * as llamaCppInternal from "@agentscope-ts/llama-cpp/internal";
import * as llamaCppTesting from "@agentscope-ts/llama-cpp/testing";
import * as mcp from "@agentscope-ts/mcp";
import * as mem0 from "@agentscope-ts/mem0";
import * as ollama from "@agentscope-ts/ollama";
import * as ollamaInternal from "@agentscope-ts/ollama/internal";
import * as openai from "@agentscope-ts/openai";
import * as openaiInternal from "@agentscope-ts/openai/internal";
import * as otel from "@agentscope-ts/otel";
import * as otelTesting from "@agentscope-ts/otel/testing";
import * as otelTracer from "@agentscope-ts/otel/tracer";
import * as postgres from "@agentscope-ts/postgres";
import * as qdrant from "@agentscope-ts/qdrant";
import * as readers from "@agentscope-ts/readers";
import * as redis from "@agentscope-ts/redis";
import * as server from "@agentscope-ts/server";
import * as sqlite from "@agentscope-ts/sqlite";
import * as studio from "@agentscope-ts/studio";
import * as studioTesting from "@agentscope-ts/studio/testing";
import { z } from "zod";

/** Every module, so none of the imports is elided. */
export const modules = [
  a2a,
  server,
  anthropic,
  anthropicInternal,
  core,
  coreNode,
  coreTesting,
  coreTestingSuites,
  coreZod,
  dashscope,
  dashscopeInternal,
  evaluate,
  gemini,
  geminiInternal,
  llamaCpp,
  llamaCppInternal,
  llamaCppTesting,
  mcp,
  ollama,
  ollamaInternal,
  openai,
  openaiInternal,
  huggingface,
  huggingfaceInternal,
  huggingfaceTesting,
  mem0,
  otel,
  otelTracer,
  otelTesting,
  postgres,
  qdrant,
  readers,
  redis,
  sqlite,
  studio,
  studioTesting,
];

const Person = z.object({ name: z.string(), age: z.number() });

/** A user's code: typed structured output, a string input, the stream's events. */
export async function usage(agent: core.ReActAgent): Promise<number> {
  const reply = await agent.call("Who?", { structuredModel: Person });
  for await (const event of agent.stream("hi")) {
    if (event.type === "model_chunk") process.stdout.write(event.delta.text);
  }
  return reply.metadata.age;
}
