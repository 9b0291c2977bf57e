import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { unwatchAbort, watchAbort } from "./abort-watch.js";

describe("watchAbort", () => {
  it("calls each watcher once, in the order they started watching", () => {
    const controller = new AbortController();
    const calls: string[] = [];
    watchAbort(controller.signal, () => calls.push("first"));
    watchAbort(controller.signal, () => calls.push("second"));
    controller.abort();
    controller.abort();
    expect(calls).toEqual(["first", "second"]);
  });

  it("does not call a watcher that stopped watching", () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const stopped = () => calls.push("stopped");
    watchAbort(controller.signal, stopped);
    watchAbort(controller.signal, () => calls.push("kept"));
    unwatchAbort(controller.signal, stopped);
    controller.abort();
    expect(calls).toEqual(["kept"]);
  });

  it("does not call a watcher that an earlier one stopped during the abort", () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const later = () => calls.push("later");
    watchAbort(controller.signal, () => {
      calls.push("earlier");
      unwatchAbort(controller.signal, later);
    });
    watchAbort(controller.signal, later);
    controller.abort();
    expect(calls).toEqual(["earlier"]);
  });

  it("keeps one event listener on a signal however many watchers come and go", () => {
    const controller = new AbortController();
    for (let i = 0; i < 50; i++) {
      const watcher = () => {};
      watchAbort(controller.signal, watcher);
      unwatchAbort(controller.signal, watcher);
    }
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    let called = 0;
    watchAbort(controller.signal, () => called++);
    controller.abort();
    expect(called).toBe(1);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("ignores unwatching a signal nobody watched", () => {
    const controller = new AbortController();
    expect(() => unwatchAbort(controller.signal, () => {})).not.toThrow();
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });
});
