import { spawn } from "node:child_process";
import { constants } from "node:os";
import { CappedOutput } from "./capped-output.js";

/** Options of {@link runProcess}. */
export interface RunProcessOptions {
  /** The program to run. */
  command: string;
  /** Its arguments. */
  args?: readonly string[];
  /** Working directory. Default: the current one. */
  cwd?: string | undefined;
  /** Environment. Default: this process's. */
  env?: NodeJS.ProcessEnv | undefined;
  /** Stop (kill the process group) after this many milliseconds. */
  timeoutMs: number;
  /** Kill the process group when this aborts. */
  signal?: AbortSignal | undefined;
  /** The most bytes of stdout, and of stderr, kept (head and tail; the middle is dropped). */
  maxOutputBytes: number;
  /** After SIGTERM, wait this long before SIGKILL. Default 2000 ms. */
  killGraceMs?: number;
  /**
   * After the process exits, how long the output pipes may stay silent before the call returns
   * without waiting for them to close (a background child holds them). Default 200 ms.
   */
  exitDrainMs?: number;
}

/** How a process run ended. */
export interface ProcessResult {
  /** The exit code; `-signal` when a signal ended it (as Python reports it); -1 when it never ran. */
  returncode: number;
  /** Standard output (capped). */
  stdout: string;
  /** Standard error (capped); the spawn error when the program could not start. */
  stderr: string;
  /** Whether the timeout was hit. */
  timedOut: boolean;
  /** Whether the signal aborted it. */
  interrupted: boolean;
}

// setTimeout fires at once for delays above 2^31 - 1 ms.
const MAX_TIMER_MS = 2 ** 31 - 1;

const signalNumber = (name: NodeJS.Signals): number =>
  (constants.signals as Record<string, number>)[name] ?? 1;

/**
 * Runs a program in its own process group (`detached`, so it and everything it starts share one
 * group id) and collects its output, capped. On timeout or abort the WHOLE group gets SIGTERM,
 * then SIGKILL after a grace period, so background children (`sleep 30 &`) do not outlive the
 * call.
 *
 * Returns when the program exits: once its output pipes close, or, when a background child it
 * started (`server &`) inherited them and keeps them open, once they have been silent for
 * `exitDrainMs` after the exit. The result then holds what was read and the program's own exit
 * code. Such a background child is left running (it is what `server &` asks for); our ends of
 * its pipes are closed, so its later output is lost (writing it fails with EPIPE/SIGPIPE):
 * redirect it (`server > server.log 2>&1 &`) to keep it.
 */
export function runProcess(options: RunProcessOptions): Promise<ProcessResult> {
  const killGraceMs = options.killGraceMs ?? 2000;
  const exitDrainMs = options.exitDrainMs ?? 200;
  const stdout = new CappedOutput(options.maxOutputBytes);
  const stderr = new CappedOutput(options.maxOutputBytes);
  return new Promise<ProcessResult>((resolve) => {
    let timedOut = false;
    let interrupted = false;
    let exitCode: number | null = null;
    let exitSignal: NodeJS.Signals | null = null;
    let spawnError: Error | undefined;
    let settled = false;
    let exited = false;
    let drainTimer: ReturnType<typeof setTimeout> | undefined;
    const timers: ReturnType<typeof setTimeout>[] = [];

    const child = spawn(options.command, options.args ?? [], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });

    const killGroup = (sig: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      try {
        // Windows has no process groups to signal: kill the process itself there.
        if (process.platform === "win32") child.kill(sig);
        else process.kill(-child.pid, sig);
      } catch {
        // The group is already gone.
      }
    };

    const finish = () => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      clearTimeout(drainTimer);
      options.signal?.removeEventListener("abort", onAbort);
      let returncode: number;
      if (spawnError) returncode = -1;
      else if (timedOut || interrupted) returncode = -1;
      else if (exitCode !== null) returncode = exitCode;
      else if (exitSignal) returncode = -signalNumber(exitSignal);
      else returncode = -1;
      let err = stderr.text();
      if (spawnError) err += (err ? "\n" : "") + spawnError.message;
      resolve({ returncode, stdout: stdout.text(), stderr: err, timedOut, interrupted });
    };

    const stop = () => {
      killGroup("SIGTERM");
      timers.push(setTimeout(() => killGroup("SIGKILL"), killGraceMs));
      // A child that left the group may still hold the pipes: do not wait for it.
      timers.push(
        setTimeout(() => {
          child.stdout?.destroy();
          child.stderr?.destroy();
          finish();
        }, killGraceMs + 500),
      );
    };

    const onAbort = () => {
      if (settled || timedOut || interrupted || exited) return;
      interrupted = true;
      stop();
    };

    // After the exit, the pipes get `exitDrainMs` of silence to close; the last check waits one
    // more turn of the event loop (setImmediate) so output already in the pipe is read first.
    const armDrain = () => {
      clearTimeout(drainTimer);
      drainTimer = setTimeout(
        () =>
          setImmediate(() => {
            if (settled) return;
            child.stdout?.destroy();
            child.stderr?.destroy();
            finish();
          }),
        exitDrainMs,
      );
    };

    child.stdout?.on("data", (chunk: Buffer) => {
      stdout.push(chunk);
      if (exited) armDrain();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr.push(chunk);
      if (exited) armDrain();
    });
    child.on("error", (error) => {
      spawnError = error;
      finish();
    });
    child.on("exit", (code, sig) => {
      exitCode = code;
      exitSignal = sig;
      exited = true;
      armDrain();
    });
    child.on("close", finish);

    timers.push(
      setTimeout(
        () => {
          // Once the program exited, a background child is not ours to time out.
          if (settled || interrupted || exited) return;
          timedOut = true;
          stop();
        },
        Math.min(Math.max(0, options.timeoutMs), MAX_TIMER_MS),
      ),
    );
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener("abort", onAbort, { once: true });
  });
}
