import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  STRUCTURED_OUTPUT_TEXT_LIMIT,
  StructuredOutputError,
} from "../errors/structured-output-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { RecordingTracer } from "../testing/recording-tracer.js";
import { rejectionOf } from "../testing/rejection-of.js";
import { ScriptedChatModel } from "../testing/scripted-chat-model.js";
import { scriptedText } from "../testing/scripted-steps.js";
import { setTracer } from "../tracing/global-tracer.js";

const messages = [{ role: "user", content: "Where?" }];
const City = z.object({ city: z.string(), days: z.number().default(1) });

const rejection = (promise: Promise<unknown>) => rejectionOf(promise, StructuredOutputError);

describe("model.call with a structuredModel", () => {
  it("resolves with metadata that passed the schema, typed as the schema's output", async () => {
    const model = new ScriptedChatModel({
      script: [{ text: '{"city":"Paris"}', metadata: { city: "Paris" } }],
    });
    const response = await model.call(messages, { structuredModel: City });
    expect(response.metadata).toEqual({ city: "Paris", days: 1 });
    expectTypeOf(response.metadata).toMatchTypeOf<{ city: string; days: number }>();
    expectTypeOf(response.metadata.city).toEqualTypeOf<string>();
  });

  it("throws a StructuredOutputError (missing) when the model gave no structured answer", async () => {
    const model = new ScriptedChatModel({ script: [scriptedText("I'd rather not say.")] });
    const error = await rejection(model.call(messages, { structuredModel: City }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.reason).toBe("missing");
    expect(error.code).toBe("structured_output");
    expect(error.lastText).toBe("I'd rather not say.");
    expect(error.message).toContain("The scripted model scripted-model gave no structured answer");
    expect(error.message).toContain(`The model's last text: "I'd rather not say."`);
    expect(error.retryable).toBe(false);
  });

  it("throws a StructuredOutputError (invalid) naming the fields that failed", async () => {
    const model = new ScriptedChatModel({
      script: [{ text: '{"city":3}', metadata: { city: 3, days: "two" } }],
    });
    const error = await rejection(model.call(messages, { structuredModel: City }));
    expect(error.reason).toBe("invalid");
    expect(error.issues.map((i) => i.path)).toEqual(["city", "days"]);
    expect(error.message).toMatch(/Invalid structured output:\n {2}city: expected string/);
    expect(error.lastText).toBe('{"city":3}');
    expect(error.message).toContain(`The model's last text: "{"city":3}"`);
  });

  it("keeps a bounded part of a long last text, in the field and the message", async () => {
    const long = "x".repeat(STRUCTURED_OUTPUT_TEXT_LIMIT * 3);
    const model = new ScriptedChatModel({ chunkSize: 500, script: [scriptedText(long)] });
    const error = await rejection(model.call(messages, { structuredModel: City }));
    expect(error.lastText).toHaveLength(STRUCTURED_OUTPUT_TEXT_LIMIT);
    expect(error.lastText).toMatch(/^x+… \(3000 chars in all\)$/);
    expect(error.message.length).toBeLessThan(STRUCTURED_OUTPUT_TEXT_LIMIT + 600);
  });

  it("fails the model span with the error", async () => {
    const tracer = new RecordingTracer();
    setTracer(tracer);
    try {
      const model = new ScriptedChatModel({ script: [scriptedText("no")] });
      await rejection(model.call(messages, { structuredModel: City }));
      expect(tracer.spans).toHaveLength(1);
      expect(tracer.spans[0]?.errors[0]).toBeInstanceOf(StructuredOutputError);
      expect(tracer.spans[0]?.ended).toBe(true);
    } finally {
      setTracer(undefined);
    }
  });

  it("leaves a call without structuredModel alone", async () => {
    const model = new ScriptedChatModel({ script: [scriptedText("plain")] });
    const response = await model.call(messages);
    expect(response.metadata).toBeUndefined();
  });
});
