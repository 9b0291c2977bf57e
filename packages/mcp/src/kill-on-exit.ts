import { signalProcessGroup } from "./process-group.js";

/** Leaders of the process groups of stdio servers that may still run. */
const running = new Set<number>();

function killAll(): void {
  for (const pid of running) signalProcessGroup(pid, "SIGKILL");
  running.clear();
}

/**
 * Makes sure the process group led by `pid` does not outlive this process: if it is still
 * registered when this process exits (`process.exit()`, the event loop running out, an uncaught
 * error), it gets SIGKILL from the `exit` event, the last moment anything synchronous runs. Call
 * the returned function once the group is gone. The `exit` listener is there only while some
 * group is registered. A process killed by a signal it does not handle runs no `exit` listener:
 * an application that should stop its servers on SIGINT/SIGTERM handles them and exits.
 */
export function killOnExit(pid: number): () => void {
  if (running.size === 0) process.on("exit", killAll);
  running.add(pid);
  return () => {
    if (running.delete(pid) && running.size === 0) process.off("exit", killAll);
  };
}
