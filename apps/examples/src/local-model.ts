// A local model in the process (llama.cpp, no server, no key): the default model is downloaded
// once (about 1 GB) into the model cache. With `--offline`, a tiny random-weight model is written
// to a temp file instead: the answer is gibberish, but every step is real.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ReActAgent } from "@agentscope-ts/core";
import {
  DEFAULT_MODEL,
  ensureModel,
  LlamaCppChatFormatter,
  LlamaCppChatModel,
} from "@agentscope-ts/llama-cpp";
import { writeTinyLlamaGguf } from "@agentscope-ts/llama-cpp/testing";

const offline = process.argv.includes("--offline");
const tmp = await mkdtemp(join(tmpdir(), "agentscope-local-"));
try {
  const modelPath = offline
    ? (await writeTinyLlamaGguf(join(tmp, "tiny.gguf"))).path
    : await ensureModel({ uri: DEFAULT_MODEL.uri });
  await using model = new LlamaCppChatModel({
    modelPath,
    contextSize: 4096,
    generateKwargs: { maxTokens: offline ? 16 : 256 },
  });
  const agent = new ReActAgent({
    name: "Local",
    sysPrompt: "You are a helpful assistant.",
    model,
    formatter: new LlamaCppChatFormatter(),
  });
  const reply = await agent.call("Say hello in three words.");
  console.log(
    `\n[reply from ${model.modelName}] ${reply.getTextContent()?.length ?? 0} characters`,
  );
} finally {
  await rm(tmp, { recursive: true, force: true });
}
