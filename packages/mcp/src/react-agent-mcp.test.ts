import { Msg, ReActAgent, Toolkit, type ToolResultBlock } from "@agentscope-ts/core";
import {
  PlainFormatter,
  ScriptedChatModel,
  scriptedText,
  scriptedToolCall,
} from "@agentscope-ts/core/testing";
import { afterAll, describe, expect, it } from "vitest";
import { EVERYTHING_ENTRY } from "./__fixtures__/servers.js";
import { registerMcpClient } from "./register-mcp-client.js";
import { StdIOStatefulClient } from "./stdio-stateful-client.js";

const client = new StdIOStatefulClient({
  name: "everything",
  command: process.execPath,
  args: [EVERYTHING_ENTRY, "stdio"],
  stderr: "ignore",
});

afterAll(async () => {
  await client[Symbol.asyncDispose]();
});

describe("ReActAgent with MCP tools", () => {
  it("calls an MCP tool end to end through the Toolkit and answers with its result", async () => {
    await client.connect();
    const toolkit = new Toolkit();
    await registerMcpClient(toolkit, client, { enableFuncs: ["get-sum", "echo"] });

    const model = new ScriptedChatModel({
      script: [
        scriptedToolCall("get-sum", { a: 19, b: 23 }, { callId: "sum_1" }),
        (messages) => {
          // The second request carries the MCP server's answer back to the model.
          const text = JSON.stringify(messages);
          return scriptedText(
            text.includes("The sum of 19 and 23 is 42.") ? "It is 42." : "No result seen.",
          );
        },
      ],
    });
    const agent = new ReActAgent({
      name: "Friday",
      sysPrompt: "You are a helpful assistant.",
      model,
      formatter: new PlainFormatter(),
      toolkit,
    });
    agent.setConsoleOutputEnabled(false);

    const reply = await agent.call(new Msg("user", "What is 19 + 23?", "user"));
    expect(reply.getTextContent()).toBe("It is 42.");

    // The model was offered the MCP tools with the server's schemas.
    const offered = model.calls[0]?.options.tools ?? [];
    expect(offered.map((t) => t.function.name)).toEqual(
      expect.arrayContaining(["get-sum", "echo"]),
    );

    // Memory holds the tool result produced by the MCP server.
    const memory = await agent.memory.getMemory();
    const results = memory.flatMap((m) => m.getContentBlocks("tool_result")) as ToolResultBlock[];
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ id: "sum_1", name: "get-sum" });
    expect(JSON.stringify(results[0]?.output)).toContain("The sum of 19 and 23 is 42.");
  });
});
