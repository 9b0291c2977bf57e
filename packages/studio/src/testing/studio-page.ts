/**
 * A person in Studio's web page, as a test double: a socket.io client on Studio's `/client`
 * namespace that joins a run's room and answers its questions with `sendUserInputToServer`, the
 * events Studio's front end uses.
 */
import { io, type Socket } from "socket.io-client";

/** An open question as Studio pushes it to the page. */
export interface PushedInputRequest {
  requestId: string;
  agentId: string;
  agentName: string;
  structuredInput: Record<string, unknown> | null;
}

/** A Studio page watching one run. */
export interface StudioPage {
  /** The questions pushed to the page so far, in order. */
  readonly requests: PushedInputRequest[];
  /** Waits for the `n`-th question (1-based) pushed to the page. */
  question(n: number, timeoutMs?: number): Promise<PushedInputRequest>;
  /** Answers a question as the page does; resolves with Studio's callback result. */
  answer(
    requestId: string,
    blocks: unknown[],
    structured?: Record<string, unknown> | null,
  ): Promise<{ success: boolean }>;
  close(): void;
}

/** Opens a page on run `runId` of the Studio at `url`. */
export async function openStudioPage(url: string, runId: string): Promise<StudioPage> {
  const socket: Socket = io(`${url}/client`, { reconnection: false });
  const requests: PushedInputRequest[] = [];
  const waiters = new Set<() => void>();
  socket.on("pushInputRequests", (list: PushedInputRequest[]) => {
    for (const r of list) if (!requests.some((x) => x.requestId === r.requestId)) requests.push(r);
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  const joined = (await socket.emitWithAck("joinRunRoom", runId)) as { success: boolean };
  if (!joined.success) throw new Error(`run ${runId} is not in Studio`);
  return {
    requests,
    question(n, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = requests[n - 1];
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`question ${n} did not reach the page within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    answer: (requestId, blocks, structured = null) =>
      socket.emitWithAck("sendUserInputToServer", requestId, blocks, structured) as Promise<{
        success: boolean;
      }>,
    close: () => socket.disconnect(),
  };
}
