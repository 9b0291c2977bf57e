// Structured output: the reply's metadata is typed by the zod schema (no casts). Run with
// `--offline` for no key.
import { ReActAgent } from "@agentscope-ts/core";
import { OpenAIChatFormatter } from "@agentscope-ts/openai";
import { z } from "zod";
import { exampleModel } from "./offline/example-model.ts";

await using setup = await exampleModel();

const City = z.object({
  name: z.string().describe("The city's name"),
  country: z.string().describe("The country it is in"),
  population: z.number().describe("Inhabitants, roughly"),
});

const agent = new ReActAgent({
  name: "Friday",
  sysPrompt: "You are a geography assistant.",
  model: setup.model,
  formatter: new OpenAIChatFormatter(),
  consoleOutputEnabled: false,
});

const reply = await agent.call("Tell me about the capital of France.", { structuredModel: City });
// `reply.metadata` is `z.infer<typeof City>`: these lines only compile because it is typed.
const { name, country, population } = reply.metadata;
console.log(`${name} (${country}): about ${population.toLocaleString("en")} inhabitants`);

// The model alone does the same: `response.metadata` is typed too.
const response = await setup.model.call(
  [{ role: "user", content: "Tell me about the capital of Italy." }],
  {
    structuredModel: City,
    tools: [
      {
        type: "function",
        function: {
          name: "generate_response",
          description: "Answer with the city.",
          parameters: z.toJSONSchema(City) as Record<string, unknown>,
        },
      },
    ],
    toolChoice: "generate_response",
  },
);
console.log(`model.call gave: ${JSON.stringify(response.metadata)}`);
