import { describe, expect, it } from "vitest";
import { ModelError } from "../errors/model-error.js";
import { AttemptControl } from "./attempt-control.js";
import { AttemptStream, type AttemptStreamSteps } from "./attempt-stream.js";
import type { ChatResponse } from "./chat-response.js";
import { createChatResponse } from "./create-chat-response.js";

const describeCall = () => ({ provider: "test", what: "test stream" });
const chunk = (text: string): ChatResponse =>
  createChatResponse({ content: [{ type: "text", text }] });
const textOf = (result: IteratorResult<ChatResponse, void>) =>
  result.done ? "done" : (result.value.content[0] as { text: string }).text;

// A provider stream over `chunks` that records whether it was closed; a chunk `"stall"` never comes.
function providerStream(chunks: string[]) {
  const state = { closed: false, read: 0 };
  const iterator: AsyncIterator<ChatResponse> = {
    next: () => {
      const text = chunks[state.read++];
      if (text === undefined) return Promise.resolve({ done: true, value: undefined });
      if (text === "stall") return new Promise<never>(() => {});
      if (text === "fail") return Promise.reject(new TypeError("bad chunk"));
      return Promise.resolve({ done: false, value: chunk(text) });
    },
    return: () => {
      state.closed = true;
      return Promise.resolve({ done: true, value: undefined });
    },
  };
  return { iterator, state };
}

function streamOver(
  chunks: string[],
  limits: { responseMs?: number; idleMs?: number } = {},
): { stream: AttemptStream; state: { closed: boolean; read: number }; ended: ChatResponse[] } {
  const { iterator, state } = providerStream(chunks);
  const ended: ChatResponse[] = [];
  const steps: AttemptStreamSteps = {
    open: async () => {
      const control = new AttemptControl(undefined, limits, describeCall);
      const first = await control.race(iterator.next());
      return { control, iterator, first };
    },
    failed: (control, error) => {
      const explained = control.explain(error);
      return explained instanceof ModelError
        ? explained
        : new ModelError(`wrapped: ${(explained as Error).message}`, { provider: "test" });
    },
    ended: (last) => {
      ended.push(last);
    },
  };
  return { stream: new AttemptStream(steps), state, ended };
}

describe("AttemptStream", () => {
  it("hands over the chunks in order and checks the last one when the stream ends", async () => {
    const { stream, state, ended } = streamOver(["a", "b", "c"]);
    const texts: string[] = [];
    for await (const response of stream) texts.push(textOf({ done: false, value: response }));
    expect(texts).toEqual(["a", "b", "c"]);
    expect(ended.map((last) => textOf({ done: false, value: last }))).toEqual(["c"]);
    expect(state.closed).toBe(false);
  });

  it("answers next() calls asked before the previous one settled, in order", async () => {
    const { stream } = streamOver(["a", "b", "c"]);
    const results = await Promise.all([stream.next(), stream.next(), stream.next(), stream.next()]);
    expect(results.map(textOf)).toEqual(["a", "b", "c", "done"]);
  });

  it("closes the provider's stream when the consumer stops early", async () => {
    const { stream, state, ended } = streamOver(["a", "b", "c"]);
    for await (const response of stream) {
      expect(textOf({ done: false, value: response })).toBe("a");
      break;
    }
    expect(state.closed).toBe(true);
    expect(state.read).toBe(1);
    expect(ended).toEqual([]);
    expect(textOf(await stream.next())).toBe("done");
  });

  it("throws the model's error for a chunk that failed, and closes the provider's stream", async () => {
    const { stream, state } = streamOver(["a", "fail", "c"]);
    expect(textOf(await stream.next())).toBe("a");
    await expect(stream.next()).rejects.toThrow("wrapped: bad chunk");
    expect(state.closed).toBe(true);
    expect(textOf(await stream.next())).toBe("done");
  });

  it("stops waiting for a chunk that does not come within the idle limit", async () => {
    const { stream, state } = streamOver(["a", "stall"], { idleMs: 20 });
    expect(textOf(await stream.next())).toBe("a");
    const error = await stream.next().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).message).toContain("idleTimeout");
    expect(state.closed).toBe(true);
  });

  it("ends at once, without the end check, when the provider's stream is empty", async () => {
    const { stream, ended } = streamOver([]);
    expect(textOf(await stream.next())).toBe("done");
    expect(ended).toEqual([]);
  });

  it("rejects every read after a failed opening ends it", async () => {
    const stream = new AttemptStream({
      open: () => Promise.reject(new ModelError("no answer", { provider: "test" })),
      failed: (_control, error) => error,
      ended: () => {},
    });
    await expect(stream.next()).rejects.toThrow("no answer");
    expect(textOf(await stream.next())).toBe("done");
  });
});
