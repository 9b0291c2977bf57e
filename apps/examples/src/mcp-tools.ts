// MCP tools: starts the reference MCP server ("everything", over stdio), registers its tools in
// a Toolkit, and lets the agent call one. Run with `--offline` for no key (the server is local
// either way).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { ReActAgent, Toolkit } from "@agentscope-ts/core";
import { registerMcpClient, StdIOStatefulClient } from "@agentscope-ts/mcp";
import { OpenAIChatFormatter } from "@agentscope-ts/openai";
import { exampleModel } from "./offline/example-model.ts";

await using setup = await exampleModel();

// The server's entry point, started with this Node (no npx, no network).
const require = createRequire(import.meta.url);
const serverPackage = require.resolve("@modelcontextprotocol/server-everything/package.json");
await using everything = new StdIOStatefulClient({
  name: "everything",
  command: process.execPath,
  args: [join(dirname(serverPackage), "dist", "index.js"), "stdio"],
});
await everything.connect();

const toolkit = new Toolkit();
// Only the echo tool, so the example stays small.
const tools = await everything.listTools();
await registerMcpClient(toolkit, everything, {
  enableFuncs: ["echo"],
});
console.log(
  `the server offers ${tools.length} tools; registered: ${[...toolkit.tools.keys()].join(", ")}`,
);

const agent = new ReActAgent({
  name: "Friday",
  sysPrompt: "You are a helpful assistant. Use the echo tool when asked to.",
  model: setup.model,
  formatter: new OpenAIChatFormatter(),
  toolkit,
});
const reply = await agent.call("Please echo the word Paris.");
console.log(`[reply] ${reply.getTextContent()}`);
