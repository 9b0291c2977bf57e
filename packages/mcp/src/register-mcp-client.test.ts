import {
  TOOL_INTERRUPTED_TEXT,
  Toolkit,
  type ToolResponse,
  type ToolUseBlock,
  toolResponse,
} from "@agentscope-ts/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CallWatchingStdIOClient } from "./__fixtures__/call-watch.js";
import {
  EVERYTHING_ENTRY,
  type EverythingServer,
  startEverything,
  stopAllEverything,
} from "./__fixtures__/servers.js";
import { HttpStatelessClient } from "./http-stateless-client.js";
import { registerMcpClient } from "./register-mcp-client.js";

const newClient = (name = "everything") =>
  new CallWatchingStdIOClient({
    name,
    command: process.execPath,
    args: [EVERYTHING_ENTRY, "stdio"],
    stderr: "ignore",
  });

let client: CallWatchingStdIOClient;
let http: EverythingServer;

beforeAll(async () => {
  client = newClient();
  await client.connect();
  http = await startEverything("streamableHttp");
}, 90_000);

afterAll(async () => {
  await client[Symbol.asyncDispose]();
  await stopAllEverything();
});

let callId = 0;
async function call(
  toolkit: Toolkit,
  name: string,
  input: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ToolResponse> {
  const toolUse: ToolUseBlock = { type: "tool_use", id: `call_${++callId}`, name, input };
  let last: ToolResponse | undefined;
  for await (const r of toolkit.callTool(toolUse, signal ? { signal } : {})) last = r;
  if (!last) throw new Error("no response");
  return last;
}

const text = (r: ToolResponse) =>
  r.content.map((b) => (b.type === "text" ? b.text : `<${b.type}>`)).join("\n");

const schemaNames = (toolkit: Toolkit) => toolkit.getJsonSchemas().map((s) => s.function.name);

describe("registerMcpClient", () => {
  it("registers every tool of the server, callable through the Toolkit", async () => {
    const toolkit = new Toolkit();
    const names = await registerMcpClient(toolkit, client);
    expect(names).toEqual(expect.arrayContaining(["echo", "get-sum", "get-tiny-image"]));
    expect(schemaNames(toolkit)).toEqual(names);
    for (const name of names) {
      const registered = toolkit.tools.get(name);
      expect(registered?.mcpName).toBe("everything");
      expect(registered?.source).toBe("mcp_server");
    }
    const echoSchema = toolkit.getJsonSchemas().find((s) => s.function.name === "echo");
    expect(echoSchema?.function).toMatchObject({
      description: "Echoes back the input string",
      parameters: { type: "object", properties: { message: { type: "string" } } },
    });

    expect(text(await call(toolkit, "echo", { message: "via toolkit" }))).toBe("Echo: via toolkit");
    const image = await call(toolkit, "get-tiny-image", {});
    expect(image.content.map((b) => b.type)).toEqual(["text", "image", "text"]);

    // Bad input is caught by the Toolkit against the server's schema, before any request.
    expect(text(await call(toolkit, "echo", {}))).toMatch(/^InvalidArgumentsError: .*message/);
    // A failure on the server is an error result the model reads.
    const failed = await call(toolkit, "gzip-file-as-resource", {
      data: "ftp://example.invalid/x",
      outputType: "resource",
    });
    expect(text(failed)).toMatch(
      /^Error: the MCP tool 'gzip-file-as-resource' reported an error:\n.*Unsupported URL protocol/,
    );

    toolkit.removeMcpClients(["everything"]);
    expect(toolkit.tools.size).toBe(0);
  });

  it("keeps only enabled tools, or drops disabled ones", async () => {
    const enabled = new Toolkit();
    expect(await registerMcpClient(enabled, client, { enableFuncs: ["echo", "get-sum"] })).toEqual([
      "echo",
      "get-sum",
    ]);
    expect([...enabled.tools.keys()]).toEqual(["echo", "get-sum"]);

    const disabled = new Toolkit();
    const names = await registerMcpClient(disabled, client, {
      disableFuncs: ["echo", "get-env"],
    });
    expect(names).toContain("get-sum");
    expect(names).not.toContain("echo");
    expect(names).not.toContain("get-env");

    const both = new Toolkit();
    await registerMcpClient(both, client, {
      enableFuncs: ["echo", "get-sum"],
      disableFuncs: ["get-env"],
    });
    expect([...both.tools.keys()]).toEqual(["echo", "get-sum"]);
  });

  it("rejects bad filters with clear errors", async () => {
    const toolkit = new Toolkit();
    await expect(
      registerMcpClient(toolkit, client, { enableFuncs: ["echo"], disableFuncs: ["echo"] }),
    ).rejects.toThrow(/disableFuncs: names tools that enableFuncs also names: echo/);
    await expect(registerMcpClient(toolkit, client, { enableFuncs: ["ecko"] })).rejects.toThrow(
      /enableFuncs: names tools the server does not have: ecko\nThe server has: echo/,
    );
    await expect(
      registerMcpClient(toolkit, client, { enableFuncs: "echo" as unknown as string[] }),
    ).rejects.toThrow(/enableFuncs: expected a list of tool names/);
    await expect(
      registerMcpClient(toolkit, client, {
        presetKwargsMapping: { echo: "hi" as unknown as Record<string, unknown> },
      }),
    ).rejects.toThrow(/presetKwargsMapping\.echo: expected an object/);
    expect(toolkit.tools.size).toBe(0);
  });

  it("hides preset arguments from the model and applies them", async () => {
    const toolkit = new Toolkit();
    await registerMcpClient(toolkit, client, {
      enableFuncs: ["get-sum"],
      presetKwargsMapping: { "get-sum": { a: 100 } },
    });
    const schema = toolkit.getJsonSchemas()[0]?.function.parameters;
    expect(Object.keys(schema?.properties as object)).toEqual(["b"]);
    expect(schema?.required).toEqual(["b"]);
    // The model's `a` is overridden by the preset.
    expect(text(await call(toolkit, "get-sum", { a: 1, b: 1 }))).toBe(
      "The sum of 100 and 1 is 101.",
    );
  });

  it("runs the postprocess function on every response", async () => {
    const toolkit = new Toolkit();
    const seen: string[] = [];
    await registerMcpClient(toolkit, client, {
      enableFuncs: ["echo"],
      postprocessFunc: (toolUse, response) => {
        seen.push(`${toolUse.name}:${text(response)}`);
        return toolResponse(`${text(response)} (checked)`);
      },
    });
    expect(text(await call(toolkit, "echo", { message: "m" }))).toBe("Echo: m (checked)");
    expect(seen).toEqual(["echo:Echo: m"]);
  });

  it("puts the tools in a group that is offered only while active", async () => {
    const toolkit = new Toolkit();
    await expect(
      registerMcpClient(toolkit, client, { groupName: "mcp", enableFuncs: ["echo"] }),
    ).rejects.toThrow(/Tool group 'mcp' not found/);
    toolkit.createToolGroup("mcp", "Tools of server-everything");
    await registerMcpClient(toolkit, client, { groupName: "mcp", enableFuncs: ["echo"] });
    expect(schemaNames(toolkit)).toEqual([]);
    expect(text(await call(toolkit, "echo", { message: "x" }))).toMatch(/FunctionInactiveError/);
    toolkit.updateToolGroups(["mcp"], true);
    expect(schemaNames(toolkit)).toEqual(["echo"]);
  });

  it("removes what it registered when a name is taken, and honours namesakeStrategy", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction({
      name: "get-sum",
      description: "a local tool",
      parameters: { type: "object", properties: {} },
      execute: () => "local",
    });
    await expect(
      registerMcpClient(toolkit, client, { enableFuncs: ["echo", "get-sum", "get-env"] }),
    ).rejects.toThrow(/'get-sum' is already registered/);
    expect([...toolkit.tools.keys()]).toEqual(["get-sum"]);

    const names = await registerMcpClient(toolkit, client, {
      enableFuncs: ["echo", "get-sum"],
      namesakeStrategy: "skip",
    });
    expect(names).toEqual(["echo", "get-sum"]);
    expect(text(await call(toolkit, "get-sum", {}))).toBe("local");
    toolkit.removeMcpClients("everything");
    expect([...toolkit.tools.keys()]).toEqual(["get-sum"]);
  });

  it("refuses a stateful client that is not connected", async () => {
    await expect(registerMcpClient(new Toolkit(), newClient("offline"))).rejects.toThrow(
      /MCP client 'offline' is not connected to the server\. Call connect\(\) first/,
    );
  });

  it("registers a stateless HTTP client's tools", async () => {
    const toolkit = new Toolkit();
    const stateless = new HttpStatelessClient({
      name: "remote",
      transport: "streamable_http",
      url: http.url,
    });
    await registerMcpClient(toolkit, stateless, { enableFuncs: ["get-sum"] });
    expect(toolkit.tools.get("get-sum")?.mcpName).toBe("remote");
    expect(text(await call(toolkit, "get-sum", { a: 1.5, b: 2 }))).toBe(
      "The sum of 1.5 and 2 is 3.5.",
    );
  });

  it("interrupts an MCP call through the Toolkit's signal", async () => {
    const toolkit = new Toolkit();
    await registerMcpClient(toolkit, client, { enableFuncs: ["trigger-long-running-operation"] });
    const controller = new AbortController();
    const sent = client.nextCallSent();
    const pending = call(
      toolkit,
      "trigger-long-running-operation",
      { duration: 30, steps: 3 },
      controller.signal,
    );
    // Interrupted once the request is with the server.
    await sent;
    controller.abort();
    const res = await pending;
    expect(res.isInterrupted).toBe(true);
    // Interrupted, not completed: the 30 s operation was abandoned.
    expect(text(res)).toContain(TOOL_INTERRUPTED_TEXT);
  });
});
