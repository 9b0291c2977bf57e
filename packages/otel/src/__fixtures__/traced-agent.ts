/**
 * The scenario both end-to-end tests trace: a streaming ReActAgent with two local tools (one
 * streams, one fails for an unknown city) and the MCP tool `get-sum` of server-everything (stdio).
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import {
  FormatterBase,
  type Msg,
  ReActAgent,
  type ToolResponse,
  Toolkit,
  tool,
} from "@agentscope-ts/core";
import { ScriptedChatModel, scriptedText } from "@agentscope-ts/core/testing";
import { registerMcpClient, StdIOStatefulClient } from "@agentscope-ts/mcp";
import { z } from "zod";

const require = createRequire(import.meta.url);

/** The server-everything entry point (`node <entry> stdio`). */
export const EVERYTHING_ENTRY = join(
  dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist/index.js",
);

/** An OpenAI-named formatter, so its span is `format openai` as in AgentScope. */
export class OpenAIChatFormatter extends FormatterBase {
  async format(msgs: readonly Msg[]): Promise<Record<string, unknown>[]> {
    FormatterBase.assertListOfMsgs(msgs);
    return msgs.map((m) => ({ role: m.role, name: m.name, content: structuredClone(m.content) }));
  }
}

/** A stdio client of server-everything (connect it before use, dispose after). */
export function everythingClient(): StdIOStatefulClient {
  return new StdIOStatefulClient({
    name: "everything",
    command: process.execPath,
    args: [EVERYTHING_ENTRY, "stdio"],
    stderr: "ignore",
  });
}

/** The agent: weather (fails for Atlantis), a streaming city lookup, and MCP `get-sum`. */
export async function tracedAgent(client: StdIOStatefulClient): Promise<ReActAgent> {
  const toolkit = new Toolkit();
  toolkit.registerToolFunction(
    tool({
      name: "get_weather",
      description: "The weather in a city.",
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => {
        if (city === "Atlantis") throw new Error(`no weather station in ${city}`);
        return `Sunny in ${city}.`;
      },
    }),
  );
  toolkit.registerToolFunction(
    tool({
      name: "lookup_city",
      description: "Facts about a city, streamed.",
      parameters: z.object({ name: z.string() }),
      async *execute({ name }): AsyncGenerator<ToolResponse> {
        yield { content: [{ type: "text", text: `${name}: ` }], stream: true, isLast: false, isInterrupted: false, id: "l1" };
        yield { content: [{ type: "text", text: `${name}: capital.` }], stream: true, isLast: true, isInterrupted: false, id: "l1" };
      },
    }),
  );
  await registerMcpClient(toolkit, client, { enableFuncs: ["get-sum"] });
  const usage = { usage: { inputTokens: 11, outputTokens: 7 } };
  const model = new ScriptedChatModel({
    chunkSize: 4,
    script: [
      {
        ...usage,
        toolCalls: [
          { id: "call_weather", name: "get_weather", input: { city: "Paris" } },
          { id: "call_city", name: "lookup_city", input: { name: "Paris" } },
        ],
      },
      { ...usage, toolCalls: [{ id: "call_sum", name: "get-sum", input: { a: 19, b: 23 } }] },
      { ...usage, toolCalls: [{ id: "call_atlantis", name: "get_weather", input: { city: "Atlantis" } }] },
      scriptedText("Paris is sunny, and 19 + 23 = 42.", usage),
    ],
  });
  const agent = new ReActAgent({
    name: "Friday",
    sysPrompt: "You are a helpful assistant.",
    model,
    formatter: new OpenAIChatFormatter(),
    toolkit,
  });
  agent.setConsoleOutputEnabled(false);
  return agent;
}

/** The span names the scenario produces, in the order they end within the agent span. */
export const EXPECTED_CHILDREN = [
  "format openai",
  "chat scripted-model",
  "execute_tool get_weather",
  "execute_tool lookup_city",
  "format openai",
  "chat scripted-model",
  "execute_tool get-sum",
  "format openai",
  "chat scripted-model",
  "execute_tool get_weather",
  "format openai",
  "chat scripted-model",
];
