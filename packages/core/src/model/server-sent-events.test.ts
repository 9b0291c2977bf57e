import { describe, expect, it, vi } from "vitest";
import { chunkedBody } from "../testing/chunked-body.js";
import {
  readServerSentEvents,
  type ServerSentEvent,
  ServerSentEventReader,
} from "./server-sent-events.js";

const encoder = new TextEncoder();

/** Resolves after the timers already scheduled with no delay (the reader's release uses one). */
const afterPendingTimers = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function collect(events: AsyncIterable<ServerSentEvent>) {
  const out: { event: string | undefined; data: string; id: string | undefined }[] = [];
  for await (const { event, data, id } of events) out.push({ event, data, id });
  return out;
}

describe("readServerSentEvents", () => {
  it("gives the same events whatever the byte boundaries, even inside a multi-byte character", async () => {
    const wire = encoder.encode(
      'id: 1\nevent: a\ndata: {"x":"héllo 🌍"}\n\n: comment\n\ndata: line one\ndata: line two\n\n',
    );
    const expected = [
      { event: "a", data: '{"x":"héllo 🌍"}', id: "1" },
      { event: undefined, data: "line one\nline two", id: undefined },
    ];
    for (const size of [1, 2, 3, 5, wire.length]) {
      const parts: Uint8Array[] = [];
      for (let i = 0; i < wire.length; i += size) parts.push(wire.slice(i, i + size));
      expect(await collect(readServerSentEvents(chunkedBody(parts).body))).toEqual(expected);
    }
  });

  it("hands comments to onComment and drops an event cut off by the end of the body", async () => {
    const comments: string[] = [];
    const { body } = chunkedBody([": HTTP_STATUS/200\n", "data: kept\n\n", "data: cut"]);
    const events = await collect(
      readServerSentEvents(body, { onComment: (c) => comments.push(c.trim()) }),
    );
    expect(events.map((e) => e.data)).toEqual(["kept"]);
    expect(comments).toEqual(["HTTP_STATUS/200"]);
  });

  it("throws a ParseError for an event past maxEventChars, after the events before it", async () => {
    const { body } = chunkedBody(["data: small\n\n", `data: ${"x".repeat(100)}`, "\n\n"]);
    const seen: string[] = [];
    const error = await (async () => {
      for await (const e of readServerSentEvents(body, { maxEventChars: 50 })) seen.push(e.data);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(["small"]);
    expect((error as Error).name).toBe("ParseError");
  });

  it("cancels the body when the reader stops early, and not before, without making return() wait", async () => {
    const { body, cancelled } = chunkedBody(["data: 1\n\ndata: 2\n\n", "data: 3\n\n"]);
    const events = readServerSentEvents(body);
    expect((await events.next()).value?.data).toBe("1");
    expect(cancelled()).toBe(false);
    await events.return(undefined);
    // return() came back before the release decided (one timer tick): a streamed model call
    // does not wait for its body (issue 35).
    expect(cancelled()).toBe(false);
    await afterPendingTimers();
    expect(cancelled()).toBe(true);
  });

  it("leaves a body that ends just after the reader stops closed, instead of cancelling it", async () => {
    // The last event and then the end of the response (as a provider writes after its [DONE]):
    // letting it close keeps the HTTP connection reusable; cancelling it would close that.
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("data: 1\n\ndata: [DONE]\n\n"));
        setTimeout(() => controller.close(), 0);
      },
      cancel() {
        cancelled = true;
      },
    });
    const events = readServerSentEvents(body);
    expect((await events.next()).value?.data).toBe("1");
    expect((await events.next()).value?.data).toBe("[DONE]");
    await events.return(undefined);
    await afterPendingTimers();
    expect(cancelled).toBe(false);
  });

  it("after [DONE], reads the rest of the body in the background instead of cancelling it", async () => {
    // A loaded server may end the response a while after its [DONE]: the reader drains it (so
    // the connection is reused) while the caller has long moved on.
    let cancelled = false;
    let finish: () => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("data: 1\n\ndata: [DONE]\n\n"));
        finish = () => {
          controller.enqueue(encoder.encode(": trailing comment\n\n"));
          controller.close();
        };
      },
      cancel() {
        cancelled = true;
      },
    });
    const reader = readServerSentEvents(body);
    expect((await reader.next()).value?.data).toBe("1");
    expect((await reader.next()).value?.data).toBe("[DONE]");
    await reader.return(undefined);
    await afterPendingTimers();
    await afterPendingTimers();
    expect(cancelled).toBe(false);
    finish();
    await afterPendingTimers();
    expect(cancelled).toBe(false);
    expect(body.locked).toBe(true);
  });

  it("cancels a body that does not end within drainAfterDoneMs of [DONE]", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("data: [DONE]\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    const reader = readServerSentEvents(body, { drainAfterDoneMs: 5 });
    expect((await reader.next()).value?.data).toBe("[DONE]");
    await reader.return(undefined);
    expect(cancelled).toBe(false);
    await vi.waitFor(() => expect(cancelled).toBe(true), { timeout: 2000 });
  });
});

describe("ServerSentEventReader", () => {
  it("hands over every event a network chunk completed at once, in order, then null", async () => {
    const { body } = chunkedBody(["data: 1\n\ndata: 2\n\ndata: 3", "\n\ndata: 4\n\n"]);
    const reader = new ServerSentEventReader(body);
    expect((await reader.read())?.map((e) => e.data)).toEqual(["1", "2"]);
    expect((await reader.read())?.map((e) => e.data)).toEqual(["3", "4"]);
    expect(await reader.read()).toBeNull();
    reader.close();
  });

  it("rejects with the ParseError only after handing over the events before it", async () => {
    const { body } = chunkedBody([`data: ok\n\ndata: ${"x".repeat(100)}`, "\n\n"]);
    const reader = new ServerSentEventReader(body, { maxEventChars: 50 });
    expect((await reader.read())?.map((e) => e.data)).toEqual(["ok"]);
    const error = await reader.read().catch((e: unknown) => e);
    expect((error as Error).name).toBe("ParseError");
    reader.close();
  });

  it("cancels the body on close mid-stream, and drains it after a consumed [DONE]", async () => {
    const midway = chunkedBody(["data: 1\n\n", "data: 2\n\n"]);
    const early = new ServerSentEventReader(midway.body);
    await early.read();
    early.close();
    expect(await early.read()).toBeNull();
    await afterPendingTimers();
    expect(midway.cancelled()).toBe(true);

    let cancelled = false;
    let finish: () => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("data: 1\n\ndata: [DONE]\n\n"));
        finish = () => controller.close();
      },
      cancel() {
        cancelled = true;
      },
    });
    const done = new ServerSentEventReader(body);
    const batch = (await done.read()) ?? [];
    for (const event of batch) done.consumed(event);
    done.close();
    await afterPendingTimers();
    finish();
    await afterPendingTimers();
    expect(cancelled).toBe(false);
  });
});
