import { type McpClientLike, Toolkit, type ToolResponse } from "@agentscope-ts/core";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { EVERYTHING_ENTRY } from "./__fixtures__/servers.js";
import type { MCPClientBase } from "./mcp-client-base.js";
import { StdIOStatefulClient } from "./stdio-stateful-client.js";

// Toolkit.registerMcpClient (core) with this package's real client over a real stdio server.
let client: StdIOStatefulClient;

beforeAll(async () => {
  client = new StdIOStatefulClient({
    name: "everything",
    command: process.execPath,
    args: [EVERYTHING_ENTRY, "stdio"],
    stderr: "ignore",
  });
  await client.connect();
}, 90_000);

afterAll(async () => {
  await client[Symbol.asyncDispose]();
});

describe("Toolkit.registerMcpClient with a real MCP client", () => {
  it("is satisfied by MCPClientBase", () => {
    expectTypeOf<MCPClientBase>().toExtend<McpClientLike>();
  });

  it("registers, calls and removes the server's tools", async () => {
    const toolkit = new Toolkit();
    const names = await toolkit.registerMcpClient(client, { enableFuncs: ["echo", "get-sum"] });
    expect(names).toEqual(["echo", "get-sum"]);
    expect(toolkit.tools.get("echo")?.mcpName).toBe("everything");
    let last: ToolResponse | undefined;
    for await (const r of toolkit.callTool({
      type: "tool_use",
      id: "c1",
      name: "echo",
      input: { message: "hi" },
    })) {
      last = r;
    }
    expect(last?.content).toEqual([{ type: "text", text: "Echo: hi" }]);
    toolkit.removeMcpClients(["everything"]);
    expect(toolkit.tools.size).toBe(0);
  });
});
