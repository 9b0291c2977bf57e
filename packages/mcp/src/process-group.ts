import type { ChildProcess } from "node:child_process";

/** The default of `closeGraceMs`: how long a stdio server gets to exit after its stdin closes, and again after SIGTERM. */
export const DEFAULT_CLOSE_GRACE_MS = 2000;

/** How often a stopping process group is checked. */
const POLL_MS = 25;

/**
 * Whether servers start in a process group of their own (`detached`) that can be signalled as a
 * whole. Windows has no process groups: there only the server process itself is signalled.
 */
export const USES_PROCESS_GROUPS = process.platform !== "win32";

/**
 * Sends `signal` to the process group led by `pid` (the server and everything it started), or to
 * `pid` alone where there are no process groups. Returns `false` when nothing was there to signal.
 */
export function signalProcessGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(USES_PROCESS_GROUPS ? -pid : pid, signal);
    return true;
  } catch {
    // ESRCH: the group is empty (EPERM cannot happen for our own children).
    return false;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once the process group of `pid` is empty, or after `ms`; says which. */
async function groupEnds(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (signalProcessGroup(pid, 0)) {
    if (Date.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
  return true;
}

/** Resolves once `child` has exited, or after `ms`. */
function exitsWithin(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      child.off("exit", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    child.once("exit", done);
  });
}

/**
 * Stops a stdio server and every process it started, within about `2 × graceMs`: closes its
 * stdin and gives it `graceMs` to exit (`polite`), sends SIGTERM to its process group and gives
 * the group `graceMs` to end, then sends SIGKILL to whatever is left. Without `polite` it starts
 * at SIGTERM. Never throws.
 */
export async function stopProcessGroup(
  child: ChildProcess,
  options: { graceMs: number; polite: boolean },
): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  if (options.polite) {
    try {
      child.stdin?.end();
    } catch {
      // The pipe is gone already.
    }
    await exitsWithin(child, options.graceMs);
  }
  if (!signalProcessGroup(pid, "SIGTERM")) return;
  let ended: boolean;
  if (USES_PROCESS_GROUPS) ended = await groupEnds(pid, options.graceMs);
  else {
    await exitsWithin(child, options.graceMs);
    ended = child.exitCode !== null || child.signalCode !== null;
  }
  if (!ended) signalProcessGroup(pid, "SIGKILL");
}
