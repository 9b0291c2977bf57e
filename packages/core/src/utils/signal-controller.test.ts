import { describe, expect, it } from "vitest";
import { ownedSignal, signalController } from "./signal-controller.js";

describe("ownedSignal / signalController", () => {
  it("finds the controller behind a recorded signal, and only then", () => {
    const controller = new AbortController();
    const signal = ownedSignal(controller);
    expect(signal).toBe(controller.signal);
    expect(signalController(signal)).toBe(controller);
    expect(signalController(new AbortController().signal)).toBeUndefined();
  });

  it("aborts the recorded signal through the controller found", () => {
    const signal = ownedSignal(new AbortController());
    signalController(signal)?.abort(new Error("stop"));
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe("stop");
  });
});
