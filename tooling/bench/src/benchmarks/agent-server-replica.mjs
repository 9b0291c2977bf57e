// One replica process of the agent-server benchmark: an agent server on the shared Redis whose
// agent calls the OpenAI-compatible test server at MODEL_URL. Prints {"port": N} when ready.
import { ReActAgent, Toolkit } from "@agentscope-ts/core";
import { OpenAIChatFormatter, OpenAIChatModel } from "@agentscope-ts/openai";
import { createAgentServer, RedisBackend } from "@agentscope-ts/server";

const model = new OpenAIChatModel({
  modelName: "gpt-bench",
  apiKey: "bench",
  baseURL: process.env.MODEL_URL,
  maxRetries: 0,
});
const server = createAgentServer({
  agents: {
    assistant: () =>
      new ReActAgent({
        name: "assistant",
        sysPrompt: "You are a helpful assistant.",
        model,
        formatter: new OpenAIChatFormatter(),
        toolkit: new Toolkit(),
      }),
  },
  backend: new RedisBackend({ url: process.env.REDIS_URL }),
  tokens: { bench: "bench" },
  replicaId: process.env.REPLICA_ID,
  rateLimit: { limit: 1_000_000 },
  maxStreams: 5_000,
});
const port = await server.listen(0);
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on("SIGTERM", () => {
  void server.close({ interrupt: true }).finally(() => process.exit(0));
});
