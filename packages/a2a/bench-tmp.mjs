import { createServer } from "node:http";
import { FormatterBase, Msg, ReActAgent } from "@agentscope-ts/core";
import { ScriptedChatModel, scriptedText } from "@agentscope-ts/core/testing";
import {
  A2AAgent,
  AgentScopeExecutor,
  buildAgentCard,
  createA2ANodeListener,
} from "./dist/index.js";

class PlainFormatter extends FormatterBase {
  async format(msgs) {
    return msgs.map((m) => ({ role: m.role, content: m.content }));
  }
}
const N = Number(process.argv[2] ?? 2000);
const text = "abcd".repeat(N); // chunkSize 4 → N chunks
const make = () => {
  const a = new ReActAgent({
    name: "B",
    sysPrompt: "",
    model: new ScriptedChatModel({ chunkSize: 4, script: [scriptedText(text)] }),
    formatter: new PlainFormatter(),
  });
  a.setConsoleOutputEnabled(false);
  return a;
};
const server = createServer();
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${server.address().port}`;
server.on(
  "request",
  createA2ANodeListener({
    agentCard: buildAgentCard(make(), { url }),
    executor: new AgentScopeExecutor({ agentFactory: make }),
  }),
);
for (const round of [1, 2, 3]) {
  const remote = new A2AAgent({ agentCard: buildAgentCard(make(), { url }) });
  remote.setConsoleOutputEnabled(false);
  let chunks = 0;
  let firstAt = 0;
  const t0 = performance.now();
  let reply;
  for await (const e of remote.stream(new Msg("user", "go", "user"))) {
    if (e.type === "model_chunk" && e.delta.text) {
      if (!chunks) firstAt = performance.now() - t0;
      chunks++;
    }
    if (e.type === "reply") reply = e.msg;
  }
  const ms = performance.now() - t0;
  console.log(
    `round ${round}: ${chunks} chunks (${reply.getTextContent().length} chars) in ${ms.toFixed(0)} ms = ${((chunks / ms) * 1000).toFixed(0)} chunks/s, first chunk after ${firstAt.toFixed(1)} ms`,
  );
}
server.closeAllConnections();
server.close();
