import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ToolResponse } from "../../tool/tool-response.js";
import { Toolkit } from "../../tool/toolkit.js";
import { createExecuteShellCommand, executeShellCommand } from "./execute-shell-command.js";

const ctx = (signal: AbortSignal = new AbortController().signal) => ({ signal, toolCallId: "t" });

const text = (r: ToolResponse): string =>
  r.content.map((b) => (b.type === "text" ? b.text : "")).join("");

async function run(command: string, timeout = 300, signal?: AbortSignal): Promise<ToolResponse> {
  return (await executeShellCommand.execute({ command, timeout }, ctx(signal))) as ToolResponse;
}

/** Live (non-zombie) processes whose command line is exactly `sleep <arg>`. */
function sleepers(arg: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline !== `sleep\0${arg}\0`) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
      if (state !== "Z") out.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

const uniqueSleep = () => `30.${Math.floor(Math.random() * 1e6)}`;

async function waitFor(check: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

describe("execute_shell_command", () => {
  it("returns return code, stdout and stderr in AgentScope's tags", async () => {
    expect(text(await run(`python3 -c "print('Hello, World!')"`))).toBe(
      "<returncode>0</returncode><stdout>Hello, World!\n</stdout><stderr></stderr>",
    );
    expect(text(await run("echo out; echo err >&2; exit 3"))).toBe(
      "<returncode>3</returncode><stdout>out\n</stdout><stderr>err\n</stderr>",
    );
    expect(text(await run("non_existent_command_xyz")).toLowerCase()).toContain("not found");
  });

  it("kills the command at the timeout and keeps the output so far", async () => {
    expect(text(await run('echo "123"; sleep 5; echo "456"', 1))).toBe(
      "<returncode>-1</returncode><stdout>123\n</stdout><stderr>TimeoutError: The command execution exceeded the timeout of 1 seconds.</stderr>",
    );
  });

  it("kills the whole process group on timeout", async () => {
    const arg = uniqueSleep();
    const result = await run(`sleep ${arg} & sleep ${arg}`, 0.5);
    expect(text(result)).toContain("<returncode>-1</returncode>");
    expect(await waitFor(() => sleepers(arg).length === 0)).toBe(true);
  });

  it("kills the whole process group on abort", async () => {
    const arg = uniqueSleep();
    const controller = new AbortController();
    const pending = run(`sleep ${arg} & sleep ${arg}`, 300, controller.signal);
    expect(await waitFor(() => sleepers(arg).length === 2)).toBe(true);
    controller.abort();
    const result = await pending;
    expect(result.isInterrupted).toBe(true);
    expect(text(result)).toContain("The command execution was interrupted by the user.");
    expect(await waitFor(() => sleepers(arg).length === 0)).toBe(true);
  });

  it("kills the process group when a toolkit call is aborted", async () => {
    const arg = uniqueSleep();
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(executeShellCommand);
    const controller = new AbortController();
    const responses: ToolResponse[] = [];
    const pending = (async () => {
      for await (const r of toolkit.callTool(
        {
          type: "tool_use",
          id: "1",
          name: "execute_shell_command",
          input: { command: `sleep ${arg} & sleep ${arg}` },
        },
        { signal: controller.signal },
      )) {
        responses.push(r);
      }
    })();
    expect(await waitFor(() => sleepers(arg).length === 2)).toBe(true);
    controller.abort();
    await pending;
    expect(responses.at(-1)?.isInterrupted).toBe(true);
    expect(await waitFor(() => sleepers(arg).length === 0)).toBe(true);
  });

  it("caps a flood of output, keeping its head and tail", async () => {
    const capped = createExecuteShellCommand({ maxOutputBytes: 1000 });
    const result = (await capped.execute(
      { command: "printf START; head -c 5000000 /dev/zero | tr '\\0' a; printf END", timeout: 60 },
      ctx(),
    )) as ToolResponse;
    const out = text(result);
    const stdout = out.slice(out.indexOf("<stdout>") + 8, out.indexOf("</stdout>"));
    expect(stdout.startsWith("STARTaaa")).toBe(true);
    expect(stdout.endsWith("aaaEND")).toBe(true);
    expect(stdout).toContain(`[... ${5000008 - 1000} bytes of output truncated ...]`);
    expect(stdout.length).toBeLessThan(1100);
  });

  it("returns when the shell exits though a background child holds the pipes, leaving it running", async () => {
    const arg = uniqueSleep();
    try {
      // The tool timeout (20 s) is far below the sleep: before the fix the call waited for the
      // pipes to close, hit the timeout and reported -1 and a TimeoutError.
      const result = await run(`sleep ${arg} & echo started; echo note >&2; exit 4`, 20);
      expect(text(result)).toBe(
        "<returncode>4</returncode><stdout>started\n</stdout><stderr>note\n</stderr>",
      );
      expect(result.isInterrupted).toBeFalsy();
      // The background child is left alone, as documented.
      expect(sleepers(arg)).toHaveLength(1);
    } finally {
      for (const pid of sleepers(arg)) process.kill(pid, "SIGKILL");
    }
    expect(await waitFor(() => sleepers(arg).length === 0)).toBe(true);
  }, 40_000);

  it("runs in the configured working directory", async () => {
    const inTmp = createExecuteShellCommand({ cwd: "/tmp" });
    expect(
      text((await inTmp.execute({ command: "pwd", timeout: 10 }, ctx())) as ToolResponse),
    ).toBe("<returncode>0</returncode><stdout>/tmp\n</stdout><stderr></stderr>");
  });
});
