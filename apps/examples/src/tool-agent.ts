// A ReAct agent with one tool: it calls the tool and answers; the events are rendered as they
// stream. Run: `node src/tool-agent.ts` (OPENAI_API_KEY) or `node src/tool-agent.ts --offline`.
import { ReActAgent, Toolkit, tool } from "@agentscope-ts/core";
import { OpenAIChatFormatter } from "@agentscope-ts/openai";
import { z } from "zod";
import { exampleModel } from "./offline/example-model.ts";

await using setup = await exampleModel();

const toolkit = new Toolkit();
toolkit.registerToolFunction(
  tool({
    name: "get_weather",
    description: "Get the weather of a city.",
    parameters: z.object({ city: z.string().describe("The city name") }),
    execute: ({ city }) => `Sunny, 24°C in ${city}`,
  }),
);

const agent = new ReActAgent({
  name: "Friday",
  sysPrompt: "You are a helpful assistant. Use your tools.",
  model: setup.model,
  formatter: new OpenAIChatFormatter(),
  toolkit,
});

// stream() yields typed events and throws the run's error at the end if the run failed.
for await (const event of agent.stream("What is the weather in Paris?")) {
  if (event.type === "model_chunk") process.stdout.write(event.delta.text);
  else if (event.type === "tool_call") {
    console.log(`\n[tool call] ${event.toolUse.name}(${JSON.stringify(event.toolUse.input)})`);
  } else if (event.type === "tool_result_chunk" && event.last) {
    console.log(`[tool result] ${JSON.stringify(event.toolResult.output)}`);
  } else if (event.type === "reply") console.log(`\n[reply] ${event.msg.getTextContent()}`);
}
