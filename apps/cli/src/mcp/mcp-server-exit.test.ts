import { join } from "node:path";
import {
  killLeftovers,
  processTreeServer,
  readProcessTreePids,
  waitUntilGone,
} from "@agentscope-ts/test-helpers";
import { createTestServer, type TestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// These tests spawn the built CLI (dist/bin.js, see cli-process.ts): they rely on turbo running
// this package's own `build` before its `test`, and never build dist themselves.
import { startCli, tempDir } from "../../test/cli-process.js";
import { EVERYTHING_SERVER, writeMcpConfig } from "../../test/fixtures.js";
import { textReply, toolCallReply } from "../../test/openai-script.js";

const CHAT = "/v1/chat/completions";

// Every MCP server process the CLI started, and the processes those started, are gone once the
// CLI has exited, on every way out. The servers below ignore the end of their stdin and have a
// child of their own sharing their pipes (as `sh -c` and `npx` do): only stopping the server's
// whole process group stops them.
describe("MCP server processes when the CLI exits (subprocess)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  const pids: number[] = [];
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    killLeftovers(pids);
    await home.cleanup();
  });

  const cliArgs = (server: TestServer, config: string) => [
    "--model",
    "openai:gpt-test",
    "--base-url",
    `${server.url}/v1`,
    "--no-tools",
    "--yes",
    "--mcp-config",
    config,
  ];

  it("connect timeout: the CLI exits 1 and the silent server and its child are stopped", async () => {
    const pidFile = join(home.path, "silent.json");
    const config = await writeMcpConfig(
      home.path,
      { silent: processTreeServer(pidFile, "silent") },
      "silent.json.config",
    );
    await using server = await createTestServer({ [CHAT]: { response: textReply("Hi.") } });
    const cli = startCli(["run", "a task", "--mcp-timeout", "1", ...cliArgs(server, config)], {
      home: home.path,
      env: { OPENAI_API_KEY: "test" },
    });
    const tree = await readProcessTreePids(pidFile);
    pids.push(tree.server, tree.grandchild);
    expect(await cli.exited, cli.stderr()).toBe(1);
    expect(cli.stderr()).toMatch(/MCP server 'silent' failed to start: .*connectTimeout/);
    await waitUntilGone([tree.server, tree.grandchild]);
    expect(server.callsTo(CHAT)).toHaveLength(0);
  });

  it("Ctrl-C during a call to the server: the CLI exits 130 and the server tree is stopped", async () => {
    const pidFile = join(home.path, "answer.json");
    const config = await writeMcpConfig(
      home.path,
      { tree: { ...processTreeServer(pidFile, "answer"), trusted: true } },
      "answer.json.config",
    );
    await using server = await createTestServer({
      [CHAT]: { response: [toolCallReply("hang", {}), textReply("Stopped.")] },
    });
    const cli = startCli(["run", "call hang", ...cliArgs(server, config)], {
      home: home.path,
      env: { OPENAI_API_KEY: "test" },
    });
    const tree = await readProcessTreePids(pidFile);
    pids.push(tree.server, tree.grandchild);
    // The tool call line is on stderr: the call is under way; Ctrl-C interrupts the reply.
    await cli.waitForStderr("→ hang");
    cli.child.kill("SIGINT");
    expect(await cli.exited, cli.stderr()).toBe(130);
    await waitUntilGone([tree.server, tree.grandchild]);
  });

  it("SIGTERM to the CLI during a call: the server tree is stopped", async () => {
    const pidFile = join(home.path, "term.json");
    const config = await writeMcpConfig(
      home.path,
      { tree: { ...processTreeServer(pidFile, "answer"), trusted: true } },
      "term.json.config",
    );
    await using server = await createTestServer({
      [CHAT]: { response: [toolCallReply("hang", {}), textReply("Stopped.")] },
    });
    const cli = startCli(["run", "call hang", ...cliArgs(server, config)], {
      home: home.path,
      env: { OPENAI_API_KEY: "test" },
    });
    const tree = await readProcessTreePids(pidFile);
    pids.push(tree.server, tree.grandchild);
    await cli.waitForStderr("→ hang");
    cli.child.kill("SIGTERM");
    expect(await cli.exited, cli.stderr()).toBe(143);
    await waitUntilGone([tree.server, tree.grandchild]);
  });

  it("chat: SIGTERM at the prompt exits 143 and the server tree is stopped", async () => {
    const pidFile = join(home.path, "chat.json");
    const config = await writeMcpConfig(
      home.path,
      { tree: processTreeServer(pidFile, "answer") },
      "chat.json.config",
    );
    await using server = await createTestServer({ [CHAT]: { response: textReply("Hi.") } });
    const cli = startCli(["chat", ...cliArgs(server, config)], {
      home: home.path,
      env: { OPENAI_API_KEY: "test" },
    });
    const tree = await readProcessTreePids(pidFile);
    pids.push(tree.server, tree.grandchild);
    // The banner is printed once the servers are up and chat waits for input.
    await cli.waitForStderr("agentscope chat ·");
    cli.child.kill("SIGTERM");
    expect(await cli.exited, cli.stderr()).toBe(143);
    await waitUntilGone([tree.server, tree.grandchild]);
  });

  it("normal end: server-everything from npm (through sh) and the tree server are both stopped", async () => {
    const pidFile = join(home.path, "everything.json");
    const treeFile = join(home.path, "end.json");
    // sh starts server-everything as its child on sh's own stdin (a background job's stdin is
    // /dev/null unless redirected, so through fd 3), writes both pids, and waits for it.
    const script = `exec 3<&0; '${process.execPath}' '${EVERYTHING_SERVER}' stdio <&3 3<&- & echo "{\\"server\\":$$,\\"grandchild\\":$!}" > '${pidFile}'; wait $!`;
    const config = await writeMcpConfig(
      home.path,
      {
        everything: { command: "sh", args: ["-c", script], trusted: true },
        tree: processTreeServer(treeFile, "answer"),
      },
      "everything.json.config",
    );
    await using server = await createTestServer({
      [CHAT]: {
        response: [toolCallReply("echo", { message: "tree" }), textReply("Echoed.")],
      },
    });
    const cli = startCli(["run", "echo tree", ...cliArgs(server, config)], {
      home: home.path,
      env: { OPENAI_API_KEY: "test" },
    });
    const everything = await readProcessTreePids(pidFile);
    const tree = await readProcessTreePids(treeFile);
    pids.push(everything.server, everything.grandchild, tree.server, tree.grandchild);
    expect(await cli.exited, cli.stderr()).toBe(0);
    expect(cli.stdout()).toBe("Echoed.\n");
    expect(cli.stderr()).toContain("Echo: tree");
    await waitUntilGone([everything.server, everything.grandchild, tree.server, tree.grandchild]);
  });
});
