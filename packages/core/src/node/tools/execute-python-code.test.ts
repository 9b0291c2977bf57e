import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ToolResponse } from "../../tool/tool-response.js";
import { createExecutePythonCode, executePythonCode } from "./execute-python-code.js";

const ctx = (signal: AbortSignal = new AbortController().signal) => ({ signal, toolCallId: "t" });

async function run(code: string, timeout = 300, signal?: AbortSignal): Promise<string> {
  const r = (await executePythonCode.execute({ code, timeout }, ctx(signal))) as ToolResponse;
  return r.content.map((b) => (b.type === "text" ? b.text : "")).join("");
}

describe("execute_python_code", () => {
  it("runs code and reports AgentScope's tags", async () => {
    expect(await run("a = 1 + 1")).toBe(
      "<returncode>0</returncode><stdout></stdout><stderr></stderr>",
    );
    expect(await run("print('Hello, World!')")).toBe(
      "<returncode>0</returncode><stdout>Hello, World!\n</stdout><stderr></stderr>",
    );
    expect(await run("print('héllo ✓')")).toContain("<stdout>héllo ✓\n</stdout>");
  });

  it("reports a raised exception with its traceback", async () => {
    const out = await run("raise Exception('Test error')");
    expect(
      out.startsWith(
        "<returncode>1</returncode><stdout></stdout><stderr>Traceback (most recent call last):\n  File ",
      ),
    ).toBe(true);
    expect(out.endsWith("Exception: Test error\n</stderr>")).toBe(true);
  });

  it("returns when Python exits though a background child holds the pipes", async () => {
    const marker = `${Math.floor(Math.random() * 1e9)}`;
    const code = [
      "import subprocess, sys",
      `p = subprocess.Popen(["sleep", "30.${marker}"])`,
      "print('started', p.pid)",
      "sys.exit(3)",
    ].join("\n");
    const out = await run(code, 20);
    const match =
      /^<returncode>3<\/returncode><stdout>started (\d+)\n<\/stdout><stderr><\/stderr>$/.exec(out);
    expect(match, out).not.toBeNull();
    const pid = Number(match?.[1]);
    // Left running, then cleaned up by the test.
    expect(() => process.kill(pid, 0)).not.toThrow();
    process.kill(pid, "SIGKILL");
  }, 40_000);

  it("stops at the timeout with the output printed so far", async () => {
    const code = 'print("123")\nimport time\ntime.sleep(30)\nprint("456")';
    expect(await run(code, 3)).toBe(
      "<returncode>-1</returncode><stdout>123\n</stdout><stderr>TimeoutError: The code execution exceeded the timeout of 3 seconds.</stderr>",
    );
  });

  it("stops on abort", async () => {
    const dir = await mkdtemp(join(tmpdir(), "py-abort-"));
    const marker = join(dir, "started");
    const controller = new AbortController();
    const pending = run(
      `import time\nprint('started', flush=True)\nopen(${JSON.stringify(marker)}, 'w').close()\ntime.sleep(30)`,
      300,
      controller.signal,
    );
    for (let i = 0; i < 400 && !existsSync(marker); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    controller.abort();
    const out = await pending;
    await rm(dir, { recursive: true, force: true });
    expect(out).toContain("<returncode>-1</returncode><stdout>started\n</stdout>");
    expect(out).toContain("The code execution was interrupted by the user.");
  });

  it("caps its output", async () => {
    const capped = createExecutePythonCode({ maxOutputBytes: 200 });
    const r = (await capped.execute(
      { code: "print('x' * 100000)", timeout: 60 },
      ctx(),
    )) as ToolResponse;
    const out = r.content.map((b) => (b.type === "text" ? b.text : "")).join("");
    expect(out).toContain("bytes of output truncated");
    expect(out.length).toBeLessThan(400);
  });
});
