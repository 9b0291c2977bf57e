import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createChatResponse } from "../model/create-chat-response.js";
import {
  callStructured,
  type StructuredFallback,
  type StructuredMode,
  streamStructured,
} from "./structured-fallback.js";

const Schema = z.object({ city: z.string() });
type Body = { kind: string };

/** An API that answers by the script: each request's kind → an answer (or an error to throw). */
function api(script: Record<string, { metadata?: unknown; text?: string; error?: unknown }>) {
  const sent: string[] = [];
  const state = { structuredOutputFallback: false };
  const answer = (body: Body) => {
    sent.push(body.kind);
    const step = script[body.kind];
    if (!step || step.error) throw step?.error ?? new Error(`unscripted ${body.kind}`);
    return step;
  };
  const f: StructuredFallback<Body> = {
    state,
    nativeBody: () => ({ kind: "native" }),
    toolBody: (_body, _schema, forced) => ({ kind: forced ? "forced" : "auto" }),
    call: async (body, mode: StructuredMode) =>
      createChatResponse({ content: [], metadata: { ...(answer(body).metadata as object), mode } }),
    open: async (body) => {
      const step = answer(body);
      return async function* (mode, outcome) {
        if (step.text === "!tool_choice") throw new Error("tool_choice is not supported");
        outcome.text = step.text ?? "";
        outcome.yielded++;
        yield createChatResponse({ content: [{ type: "text", text: `${mode}:${outcome.text}` }] });
      };
    },
  };
  return { f, sent, state };
}
const badRequest = (message: string) => Object.assign(new Error(message), { status: 400 });

describe("callStructured", () => {
  it("returns a native answer that fits, without falling back", async () => {
    const { f, sent, state } = api({ native: { metadata: { city: "Paris" } } });
    const response = await callStructured(f, { kind: "base" }, Schema, 0);
    expect(response.metadata).toMatchObject({ city: "Paris", mode: "text" });
    expect(sent).toEqual(["native"]);
    expect(state.structuredOutputFallback).toBe(false);
  });

  it("falls back to the forced tool on a 400, then to tool_choice auto, and stays on the tool", async () => {
    const { f, sent, state } = api({
      native: { error: badRequest("response_format unsupported") },
      forced: { error: badRequest("tool_choice must be auto") },
      auto: { metadata: { city: "Oslo" } },
    });
    expect((await callStructured(f, { kind: "base" }, Schema, 0)).metadata).toMatchObject({
      city: "Oslo",
      mode: "tool_use",
    });
    expect(state.structuredOutputFallback).toBe(true);
    await callStructured(f, { kind: "base" }, Schema, 0);
    expect(sent).toEqual(["native", "forced", "auto", "forced", "auto"]);
  });

  it("rethrows other errors", async () => {
    const { f } = api({ native: { error: Object.assign(new Error("down"), { status: 500 }) } });
    await expect(callStructured(f, { kind: "base" }, Schema, 0)).rejects.toThrow("down");
  });
});

describe("streamStructured", () => {
  const read = async (f: StructuredFallback<Body>) => {
    const texts: string[] = [];
    for await (const chunk of streamStructured(f, { kind: "base" }, Schema, 0)) {
      texts.push((chunk.content[0] as { text: string }).text);
    }
    return texts;
  };

  it("streams native text, then the tool when the text does not fit", async () => {
    const { f, sent } = api({ native: { text: "not json" }, forced: { text: '{"city":"Rome"}' } });
    expect(await read(f)).toEqual(["text:not json", 'tool_use:{"city":"Rome"}']);
    expect(sent).toEqual(["native", "forced"]);
  });

  it("retries with tool_choice auto when the forced stream fails on tool_choice before any chunk", async () => {
    const { f, sent } = api({
      native: { error: badRequest("no response_format") },
      forced: { text: "!tool_choice" },
      auto: { text: '{"city":"Lima"}' },
    });
    expect(await read(f)).toEqual(['tool_use:{"city":"Lima"}']);
    expect(sent).toEqual(["native", "forced", "auto"]);
  });
});
