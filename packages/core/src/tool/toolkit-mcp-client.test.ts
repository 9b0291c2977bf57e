import { describe, expect, it } from "vitest";
import { StateError } from "../errors/state-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { McpClientLike } from "./register-mcp-client.js";
import type { ToolDefinition } from "./tool-definition.js";
import type { ToolResponse } from "./tool-response.js";
import { Toolkit } from "./toolkit.js";

// The toolkit reaches an MCP client only through the structural McpClientLike (core does not
// depend on @agentscope-ts/mcp, whose tests register a real server this way too). This client
// answers from a table of tools and records what the toolkit asked of it.
class TableClient implements McpClientLike {
  readonly requests: { name: string; options: unknown }[] = [];
  constructor(
    readonly name: string,
    readonly tools: string[],
    readonly isConnected = true,
  ) {}
  async listTools() {
    return this.tools.map((name) => ({ name }));
  }
  async getCallableFunction(
    name: string,
    options: { wrapToolResult: true; executionTimeout?: number },
  ): Promise<ToolDefinition> {
    this.requests.push({ name, options });
    return {
      name,
      description: `${name} on ${this.name}`,
      parameters: {
        type: "object",
        properties: { q: { type: "string" }, key: { type: "string" } },
      },
      execute: (input) => `${this.name}.${name}(${JSON.stringify(input)})`,
    };
  }
}

async function lastText(toolkit: Toolkit, name: string, input: Record<string, unknown>) {
  let last: ToolResponse | undefined;
  for await (const r of toolkit.callTool({ type: "tool_use", id: "1", name, input })) last = r;
  return (last?.content ?? []).map((b) => (b.type === "text" ? b.text : "")).join("");
}

describe("Toolkit.registerMcpClient / removeMcpClients", () => {
  it("registers the server's tools under the client's name and removes them by it", async () => {
    const toolkit = new Toolkit();
    toolkit.createToolGroup("web", "Web tools");
    const client = new TableClient("search-server", ["search", "fetch", "admin"]);
    const names = await toolkit.registerMcpClient(client, {
      groupName: "web",
      disableFuncs: ["admin"],
      presetKwargsMapping: { search: { key: "secret" } },
      executionTimeout: 5000,
    });
    expect(names).toEqual(["search", "fetch"]);
    expect(client.requests).toEqual([
      { name: "search", options: { wrapToolResult: true, executionTimeout: 5000 } },
      { name: "fetch", options: { wrapToolResult: true, executionTimeout: 5000 } },
    ]);
    expect(toolkit.tools.get("search")?.group).toBe("web");
    expect(toolkit.tools.get("search")?.mcpName).toBe("search-server");
    toolkit.updateToolGroups(["web"], true);
    const search = toolkit.getJsonSchemas().find((s) => s.function.name === "search");
    expect(Object.keys(search?.function.parameters.properties as object)).toEqual(["q"]);
    expect(await lastText(toolkit, "search", { q: "cats" })).toBe(
      'search-server.search({"q":"cats","key":"secret"})',
    );

    await toolkit.registerMcpClient(new TableClient("other", ["ping"]), { enableFuncs: ["ping"] });
    toolkit.removeMcpClients(["search-server"]);
    expect([...toolkit.tools.keys()]).toEqual(["ping"]);
    toolkit.removeMcpClients("other");
    expect(toolkit.tools.size).toBe(0);
  });

  it("refuses a disconnected client, bad options and unknown enabled tools", async () => {
    const toolkit = new Toolkit();
    await expect(
      toolkit.registerMcpClient(new TableClient("off", ["a"], false)),
    ).rejects.toBeInstanceOf(StateError);
    await expect(
      toolkit.registerMcpClient(new TableClient("c", ["a"]), {
        enableFuncs: ["a"],
        disableFuncs: ["a"],
      }),
    ).rejects.toThrow(/disableFuncs: names tools that enableFuncs also names: a/);
    await expect(
      toolkit.registerMcpClient(new TableClient("c", ["a"]), { enableFuncs: ["b"] }),
    ).rejects.toThrow(/enableFuncs: names tools the server does not have: b/);
    expect(() => toolkit.removeMcpClients([1 as unknown as string])).toThrow(ValidationError);
  });

  it("removes what it registered when one tool's name is taken", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction({
      name: "fetch",
      description: "mine",
      parameters: { type: "object", properties: {} },
      execute: () => "mine",
    });
    await expect(
      toolkit.registerMcpClient(new TableClient("s", ["search", "fetch"])),
    ).rejects.toThrow(/already registered/);
    expect([...toolkit.tools.keys()]).toEqual(["fetch"]);
    expect(await lastText(toolkit, "fetch", {})).toBe("mine");
  });
});
