import { type ToolDefinition, Toolkit } from "@agentscope-ts/core";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, expectTypeOf, it } from "vitest";
import { MCPToolFunction, toolParameters, toToolName } from "./mcp-tool-function.js";

const tool: Tool = {
  name: "files.read/v2",
  title: "Read a file",
  inputSchema: { type: "object", properties: { path: { type: "string" } } },
};

describe("MCPToolFunction", () => {
  it("makes MCP tool names safe for model APIs and keeps the original for the call", async () => {
    expect(toToolName("files.read/v2")).toBe("files_read_v2");
    expect(toToolName("x".repeat(70))).toHaveLength(64);
    const calls: string[] = [];
    const fn = new MCPToolFunction({
      mcpName: "fs",
      tool,
      wrapToolResult: true,
      caller: async (name) => {
        calls.push(name);
        return { content: [{ type: "text", text: "ok" }] };
      },
    });
    expect(fn.name).toBe("files_read_v2");
    expect(fn.description).toBe("Read a file");
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(fn, { mcpName: "fs" });
    for await (const _ of toolkit.callTool({
      type: "tool_use",
      id: "1",
      name: "files_read_v2",
      input: { path: "/a" },
    }));
    expect(calls).toEqual(["files.read/v2"]);
  });

  it("fills in the schema as AgentScope does", () => {
    expect(toolParameters({ name: "t", inputSchema: { type: "object" } })).toEqual({
      type: "object",
      properties: {},
      required: [],
    });
  });

  it("turns a failed call into an error result when wrapping, and rethrows when not", async () => {
    const caller = async (): Promise<CallToolResult> => {
      throw new Error("socket hang up");
    };
    const wrapped = new MCPToolFunction({ mcpName: "m", tool, wrapToolResult: true, caller });
    expect((await wrapped.execute({})).content).toEqual([
      {
        type: "text",
        text: "Error occurred when calling MCP tool 'files.read/v2': socket hang up",
      },
    ]);
    const raw = new MCPToolFunction<CallToolResult>({
      mcpName: "m",
      tool,
      wrapToolResult: false,
      caller,
    });
    await expect(raw.execute({})).rejects.toThrow("socket hang up");
  });

  it("is a ToolDefinition when wrapped, and not when raw", () => {
    expectTypeOf<MCPToolFunction>().toExtend<ToolDefinition>();
    expectTypeOf<MCPToolFunction<CallToolResult>>().not.toExtend<ToolDefinition>();
  });
});
