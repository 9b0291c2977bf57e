import { describe, expect, it } from "vitest";
import { EventChannel } from "./event-channel.js";
import { StartedOnRead, type StartedStream } from "./started-on-read.js";

// A run over a channel, with a log of what happened to it.
function channelRun(log: string[]) {
  const channel = new EventChannel<string>();
  let finish: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    finish = () => {
      log.push("ended");
      resolve();
    };
  });
  const start = (): StartedStream<string> => {
    log.push("started");
    return {
      events: channel[Symbol.asyncIterator](),
      stop: () => {
        log.push("stopped");
        channel.discard();
        setTimeout(finish, 0);
      },
      ended,
    };
  };
  return { channel, start, finish };
}

describe("StartedOnRead", () => {
  it("starts the run on the first read, then hands over its items and its end", async () => {
    const log: string[] = [];
    const { channel, start } = channelRun(log);
    const stream = new StartedOnRead(start);
    expect(log).toEqual([]);
    const first = stream.next();
    expect(log).toEqual(["started"]);
    await channel.push("a");
    channel.close();
    expect(await first).toEqual({ done: false, value: "a" });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
  });

  it("stops a run the consumer leaves early and returns once it is over", async () => {
    const log: string[] = [];
    const { channel, start } = channelRun(log);
    const stream = new StartedOnRead(start);
    await channel.push("a");
    await channel.push("b");
    for await (const item of stream) {
      expect(item).toBe("a");
      break;
    }
    expect(log).toEqual(["started", "stopped", "ended"]);
    expect(await stream.next()).toEqual({ done: true, value: undefined });
  });

  it("starts nothing when returned before its first read", async () => {
    const log: string[] = [];
    const stream = new StartedOnRead(channelRun(log).start);
    expect(await stream.return()).toEqual({ done: true, value: undefined });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    expect(log).toEqual([]);
  });

  it("rejects the first read when the run cannot start, then is done", async () => {
    const stream = new StartedOnRead<string>(() => {
      throw new Error("busy");
    });
    await expect(stream.next()).rejects.toThrow("busy");
    expect(await stream.next()).toEqual({ done: true, value: undefined });
  });
});
