// Two agents debate in a MsgHub: each one's reply is broadcast to the other, for a few rounds,
// then a moderator's announcement reaches both. Run with `--offline` for no key.
import { Msg, MsgHub, ReActAgent, sequentialPipeline } from "@agentscope-ts/core";
import { OpenAIMultiAgentFormatter } from "@agentscope-ts/openai";
import { exampleModel } from "./offline/example-model.ts";

await using setup = await exampleModel();

const debater = (name: string, side: string) =>
  new ReActAgent({
    name,
    sysPrompt: `You are ${name}. You argue ${side} the motion, in two sentences at most.`,
    model: setup.model,
    formatter: new OpenAIMultiAgentFormatter(),
  });
const alice = debater("Alice", "for");
const bob = debater("Bob", "against");

const motion = new Msg("Moderator", "Motion: remote work is better than office work.", "user");
{
  await using hub = new MsgHub({ participants: [alice, bob], announcement: motion });
  await hub.enter();
  for (let round = 1; round <= 2; round++) {
    console.log(`--- round ${round} ---`);
    await sequentialPipeline([alice, bob]);
  }
  await hub.broadcast(new Msg("Moderator", "Thank you both; the debate is closed.", "user"));
}
console.log(
  `Alice remembers ${await alice.memory.size()} messages, Bob ${await bob.memory.size()}.`,
);
