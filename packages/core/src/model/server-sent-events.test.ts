import { describe, expect, it } from "vitest";
import { chunkedBody } from "../testing/chunked-body.js";
import { readServerSentEvents, type ServerSentEvent } from "./server-sent-events.js";

const encoder = new TextEncoder();

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

  it("cancels the body when the reader stops early, and not before", async () => {
    const { body, cancelled } = chunkedBody(["data: 1\n\ndata: 2\n\n", "data: 3\n\n"]);
    const events = readServerSentEvents(body);
    expect((await events.next()).value?.data).toBe("1");
    expect(cancelled()).toBe(false);
    await events.return(undefined);
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
    expect(cancelled).toBe(false);
  });
});
