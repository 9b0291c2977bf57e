import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createTestServer } from "@agentscope-ts/test-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Spawns the built CLI (dist/bin.js): relies on turbo running this package's own build before
// its tests; nothing here builds dist.
import { startCli, tempDir } from "../../test/cli-process.js";
import { until, writeMcpConfig } from "../../test/fixtures.js";
import { textReply } from "../../test/openai-script.js";

const CHAT = "/v1/chat/completions";

/** Whether `pid` is a live process (a zombie waiting to be reaped counts as gone). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] !== "Z";
  } catch {
    return false;
  }
}

describe("quitting while an MCP server is still starting (subprocess)", () => {
  let home: Awaited<ReturnType<typeof tempDir>>;
  const pids: number[] = [];
  beforeAll(async () => {
    home = await tempDir();
  });
  afterAll(async () => {
    for (const pid of pids) if (isAlive(pid)) process.kill(pid, "SIGKILL");
    await home.cleanup();
  });

  it.each([["run", "a task"], ["chat"]])(
    "%s: Ctrl-C stops the server that hangs on initialize, and the CLI exits 130",
    async (...command) => {
      const pidFile = join(home.path, `mute-${command[0]}.pid`);
      // Starts, writes its pid, reads nothing and never answers `initialize`.
      const config = await writeMcpConfig(
        home.path,
        {
          mute: {
            command: process.execPath,
            args: [
              "-e",
              "require('fs').writeFileSync(process.argv[1], String(process.pid)); setInterval(() => {}, 1000);",
              pidFile,
            ],
          },
        },
        `mute-${command[0]}.json`,
      );
      await using server = await createTestServer({ [CHAT]: { response: textReply("Hi.") } });
      const cli = startCli(
        [
          ...command,
          "--model",
          "openai:gpt-test",
          "--base-url",
          `${server.url}/v1`,
          "--no-tools",
          "--mcp-config",
          config,
        ],
        { home: home.path, env: { OPENAI_API_KEY: "test" } },
      );
      await until(
        () => existsSync(pidFile) && readFileSync(pidFile, "utf8") !== "",
        30_000,
        "the pid",
      );
      const pid = Number(readFileSync(pidFile, "utf8"));
      pids.push(pid);
      expect(isAlive(pid)).toBe(true);

      cli.child.kill("SIGINT");
      expect(await cli.exited, cli.stderr()).toBe(130);
      await until(() => !isAlive(pid), 10_000, "the MCP server to be stopped");
      expect(server.callsTo(CHAT)).toHaveLength(0);
    },
  );
});
