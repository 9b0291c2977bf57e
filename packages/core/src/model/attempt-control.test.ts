import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { InterruptedError } from "../errors/interrupted-error.js";
import { AttemptControl } from "./attempt-control.js";

const describeCall = () => ({ provider: "test", what: "test call" });

describe("AttemptControl and the caller's signal", () => {
  it("aborts a running attempt, and rejects its wait, when the caller's signal aborts", async () => {
    const caller = new AbortController();
    const attempt = new AttemptControl(caller.signal, undefined, describeCall);
    const waiting = attempt.race(new Promise<never>(() => {}));
    caller.abort(new InterruptedError("stop"));
    await expect(waiting).rejects.toBeInstanceOf(InterruptedError);
    expect(attempt.signal.aborted).toBe(true);
    expect(attempt.signal.reason).toBeInstanceOf(InterruptedError);
    attempt.dispose();
  });

  it("leaves one listener on a caller's signal that outlives many attempts, none of them aborted later", () => {
    const caller = new AbortController();
    const finished: AttemptControl[] = [];
    for (let i = 0; i < 20; i++) {
      const attempt = new AttemptControl(caller.signal, undefined, describeCall);
      attempt.dispose();
      finished.push(attempt);
    }
    expect(getEventListeners(caller.signal, "abort").length).toBeLessThanOrEqual(1);
    const live = new AttemptControl(caller.signal, undefined, describeCall);
    caller.abort();
    expect(live.signal.aborted).toBe(true);
    expect(finished.some((attempt) => attempt.signal.aborted)).toBe(false);
    live.dispose();
  });
});
