import { ModelError } from "@agentscope-ts/core";
import { chunkedBody } from "@agentscope-ts/core/testing";
import { describe, expect, it, vi } from "vitest";
import { MAX_SSE_EVENT_CHARS, readJsonEvents, readJsonPayloads } from "./sse-json-events.js";

const encoder = new TextEncoder();

/** A real `Response` whose body delivers `parts` one read at a time. */
function responseOf(parts: (string | Uint8Array)[]) {
  const { body, cancelled } = chunkedBody(parts);
  return { response: new Response(body), cancelled };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe("readJsonPayloads / readJsonEvents", () => {
  it("decodes events split at any byte, including inside a multi-byte character", async () => {
    const wire = encoder.encode(
      'data: {"a":"héllo 🌍"}\n\n: keep-alive\n\nevent: ping\ndata: \n\ndata: {"b":2}\n\ndata: [DONE]\n\n',
    );
    for (const size of [1, 2, 3, 7, wire.length]) {
      const parts: Uint8Array[] = [];
      for (let i = 0; i < wire.length; i += size) parts.push(wire.slice(i, i + size));
      const state = { sentinel: false };
      const payloads = await collect(readJsonPayloads(responseOf(parts).response, "openai", state));
      expect(payloads).toEqual([{ a: "héllo 🌍" }, { b: 2 }]);
      expect(state.sentinel).toBe(true);
    }
  });

  it("answers reads asked before the first settles, in order, across network chunks", async () => {
    const { response } = responseOf(['data: {"n":1}\n\ndata: {"n":2}\n\n', 'data: {"n":3}\n\n']);
    const stream = readJsonPayloads(response, "openai", { sentinel: false });
    const reads = [stream.next(), stream.next(), stream.next(), stream.next()];
    expect(await Promise.all(reads)).toEqual([
      { done: false, value: { n: 1 } },
      { done: false, value: { n: 2 } },
      { done: false, value: { n: 3 } },
      { done: true, value: undefined },
    ]);
  });

  it("keeps event names for the Responses API and drops an event cut off by the end of the body", async () => {
    const { response } = responseOf([
      'event: response.created\ndata: {"x":1}\n\n',
      'event: response.done\ndata: {"y":',
    ]);
    const state = { sentinel: false };
    expect(await collect(readJsonEvents(response, "openai", state))).toEqual([
      { event: "response.created", data: { x: 1 } },
    ]);
    expect(state.sentinel).toBe(false);
  });

  it("gives the events before an oversized one, then a non-retryable ModelError", async () => {
    const { response } = responseOf([
      'data: {"first":true}\n\n',
      `data: "${"x".repeat(MAX_SSE_EVENT_CHARS)}`,
    ]);
    const seen: unknown[] = [];
    const error = await (async () => {
      try {
        for await (const payload of readJsonPayloads(response, "openai", { sentinel: false })) {
          seen.push(payload);
        }
      } catch (caught) {
        return caught;
      }
    })();
    expect(seen).toEqual([{ first: true }]);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).retryable).toBe(false);
    expect((error as ModelError).message).toMatch(/not valid server-sent events/);
  });

  it("reports malformed JSON as retryable and a non-object payload as not", async () => {
    const bad = readJsonPayloads(responseOf(["data: {bad\n\n"]).response, "openai", {
      sentinel: false,
    });
    await expect(collect(bad)).rejects.toMatchObject({ retryable: true });
    const array = readJsonPayloads(responseOf(["data: [1]\n\n"]).response, "openai", {
      sentinel: false,
    });
    await expect(collect(array)).rejects.toMatchObject({ retryable: false });
  });

  it("cancels the body when the consumer stops early", async () => {
    const { response, cancelled } = responseOf([
      'data: {"n":1}\n\n',
      'data: {"n":2}\n\n',
      'data: {"n":3}\n\n',
    ]);
    for await (const payload of readJsonPayloads(response, "openai", { sentinel: false })) {
      expect(payload).toEqual({ n: 1 });
      break;
    }
    // Released in the background (the stop does not wait): cancelled within a timer tick.
    await vi.waitFor(() => expect(cancelled()).toBe(true));
  });
});
