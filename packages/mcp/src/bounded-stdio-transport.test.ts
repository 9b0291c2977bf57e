import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ValidationError } from "@agentscope-ts/core";
import {
  isProcessRunning,
  killLeftovers,
  processTreeServer,
  readProcessTreePids,
  waitUntilGone,
} from "@agentscope-ts/test-helpers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "./__fixtures__/servers.js";
import { MCPConnectionError } from "./mcp-connection-error.js";
import { StdIOStatefulClient } from "./stdio-stateful-client.js";

let dir: string;
const pids: number[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mcp-process-group-"));
});
afterAll(async () => {
  killLeftovers(pids);
  await rm(dir, { recursive: true, force: true });
});

/** A client of a process-tree server (a server with a child of its own that ignores stdin's end). */
function treeClient(
  name: string,
  mode: "silent" | "answer",
  options: { connectTimeout?: number | null; ignoreSigterm?: boolean } = {},
) {
  const pidFile = join(dir, `${name}.json`);
  const client = new StdIOStatefulClient({
    name,
    ...processTreeServer(pidFile, mode, { ignoreSigterm: options.ignoreSigterm ?? false }),
    stderr: "ignore",
    connectTimeout: options.connectTimeout ?? null,
    closeGraceMs: 300,
  });
  const tree = async () => {
    const read = await readProcessTreePids(pidFile);
    pids.push(read.server, read.grandchild);
    return [read.server, read.grandchild];
  };
  return { client, tree };
}

// A stdio server runs in a process group of its own; stopping it stops the group, so what the
// server started (as `sh -c` and `npx` do) does not outlive the client.
describe("StdIOStatefulClient stops the server's whole process tree", () => {
  it("on connect timeout", async () => {
    const { client, tree } = treeClient("timeout", "silent", { connectTimeout: 1000 });
    const connecting = client.connect().catch((e: unknown) => e);
    const running = await tree();
    expect(running.every(isProcessRunning)).toBe(true);
    expect(await connecting).toBeInstanceOf(MCPConnectionError);
    await waitUntilGone(running);
  });

  it("on close() while connecting", async () => {
    const { client, tree } = treeClient("aborted", "silent");
    const connecting = client.connect().catch((e: unknown) => e);
    const running = await tree();
    await client.close();
    expect(await connecting).toBeInstanceOf(MCPConnectionError);
    await waitUntilGone(running);
  });

  it("on close() during a call, the call ending with an error result", async () => {
    const { client, tree } = treeClient("calling", "answer");
    await client.connect();
    const running = await tree();
    const hang = await client.getCallableFunction("hang");
    const call = hang.execute({});
    await client.close();
    const result = await call;
    expect(result.metadata?.is_error).toBe(true);
    await waitUntilGone(running);
  });

  it("with SIGKILL when the tree ignores SIGTERM", async () => {
    const { client, tree } = treeClient("stubborn", "answer", { ignoreSigterm: true });
    await client.connect();
    const running = await tree();
    await client.close();
    await waitUntilGone(running);
  });

  it("when the server exits on its own: its child is stopped and the client notices", async () => {
    const { client, tree } = treeClient("crashing", "answer");
    await client.connect();
    const [server, grandchild] = await tree();
    process.kill(server as number, "SIGKILL");
    // The child holds the server's stdout open; only stopping it closes the connection.
    await waitUntilGone([grandchild as number]);
    await waitFor(() => !client.isConnected, "the client to notice the server is gone");
    expect(client.lostReason).toBeInstanceOf(MCPConnectionError);
  });

  it("rejects a bad closeGraceMs with a ValidationError naming it", () => {
    expect(() => new StdIOStatefulClient({ name: "bad", command: "x", closeGraceMs: -1 })).toThrow(
      ValidationError,
    );
    expect(() => new StdIOStatefulClient({ name: "bad", command: "x", closeGraceMs: -1 })).toThrow(
      /closeGraceMs/,
    );
    expect(new StdIOStatefulClient({ name: "ok", command: "x" }).closeGraceMs).toBe(2000);
  });
});

// This test runs the package's built entry (`@agentscope-ts/mcp`, dist/) in a child process: it
// relies on turbo running this package's own `build` before its `test`.
describe("a program that exits without closing its client", () => {
  it("leaves no server process behind", async () => {
    const pidFile = join(dir, "forgotten.json");
    const server = processTreeServer(pidFile, "answer");
    const program = `
      import { StdIOStatefulClient } from "@agentscope-ts/mcp";
      const client = new StdIOStatefulClient({ name: "forgotten", stderr: "ignore", ...${JSON.stringify(server)} });
      await client.connect();
      process.exit(0);
    `;
    const child = spawn(process.execPath, ["--input-type=module", "-e", program], {
      cwd: dirname(dirname(fileURLToPath(import.meta.url))),
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code, stderr).toBe(0);
    const tree = await readProcessTreePids(pidFile);
    pids.push(tree.server, tree.grandchild);
    await waitUntilGone([tree.server, tree.grandchild]);
  });
});
