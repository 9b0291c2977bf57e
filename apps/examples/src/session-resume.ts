// A session resumed: the agent answers, its state is saved to a JSON file (AgentScope's format),
// then a new agent in a "new process" loads it and goes on with the same memory.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ReActAgent } from "@agentscope-ts/core";
import { JSONSession } from "@agentscope-ts/core/node";
import { OpenAIChatFormatter } from "@agentscope-ts/openai";
import { exampleModel } from "./offline/example-model.ts";

await using setup = await exampleModel();
const saveDir = await mkdtemp(join(tmpdir(), "agentscope-session-"));
const session = new JSONSession({ saveDir });

const newAgent = () =>
  new ReActAgent({
    name: "Friday",
    sysPrompt: "You are a helpful assistant with a good memory.",
    model: setup.model,
    formatter: new OpenAIChatFormatter(),
  });

try {
  const first = newAgent();
  await first.call("My name is Ada. Please remember it.");
  await session.save("ada", { agent: first });
  console.log(`saved ${await first.memory.size()} messages to ${session.getSavePath("ada")}`);

  const resumed = newAgent();
  await session.load("ada", { agent: resumed });
  console.log(`resumed with ${await resumed.memory.size()} messages`);
  await resumed.call("What is my name?");
  console.log(`now ${await resumed.memory.size()} messages`);
} finally {
  await rm(saveDir, { recursive: true, force: true });
}
