import { afterEach, describe, expect, it } from "vitest";
import { InterruptedError } from "../errors/interrupted-error.js";
import { ModelError } from "../errors/model-error.js";
import { StateError } from "../errors/state-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { RecordingTracer } from "../testing/recording-tracer.js";
import { ScriptedRealtimeModel } from "../testing/scripted-realtime-model.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import { Toolkit } from "../tool/toolkit.js";
import { setTracer } from "../tracing/global-tracer.js";
import { pcm16Bytes, pcm16Samples } from "../tts/pcm.js";
import { base64ToBytes, bytesToBase64 } from "../utils/base64.js";
import { RealtimeAgent } from "./realtime-agent.js";
import { RealtimeEventLog } from "./realtime-event-log.js";

afterEach(() => setTracer(undefined));

const noParams = { type: "object", properties: {} } as const;

function weatherTool(): ToolDefinition & { runs: string[] } {
  const runs: string[] = [];
  return {
    runs,
    name: "get_weather",
    description: "The weather in a city.",
    parameters: {
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
    },
    execute: (input) => {
      runs.push(String(input.city));
      return `Sunny in ${String(input.city)}`;
    },
  };
}

/** A tool that waits for its signal; `started` resolves when it runs. */
function hangingTool() {
  let started!: () => void;
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  const definition: ToolDefinition = {
    name: "slow_lookup",
    description: "Never finishes on its own.",
    parameters: noParams,
    execute: (_input, { signal }) =>
      new Promise<string>((_, reject) => {
        started();
        signal.addEventListener("abort", () => reject(signal.reason));
      }),
  };
  return { definition, running };
}

const toolUseDone = (name: string, input: Record<string, unknown>, id = "call_1") =>
  ({
    type: "model_response_tool_use_done",
    response_id: "resp_1",
    item_id: "item_fc",
    tool_use: { type: "tool_use", id, name, input, raw_input: JSON.stringify(input) },
  }) as const;

async function started(options: { toolkit?: Toolkit; model?: ScriptedRealtimeModel } = {}) {
  const model = options.model ?? new ScriptedRealtimeModel();
  const agent = new RealtimeAgent({
    name: "Friday",
    sysPrompt: "You are a helpful assistant.",
    model,
    toolkit: options.toolkit,
  });
  const log = new RealtimeEventLog();
  await agent.start(log.handle);
  await log.waitFor("agent_ready");
  return { model, agent, log };
}

describe("RealtimeAgent", () => {
  it("holds a spoken turn with a tool call: audio in, transcript, tool result back, answer", async () => {
    const tool = weatherTool();
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(tool);
    const { model, agent, log } = await started({ toolkit });
    expect(model.calls[0]).toMatchObject({
      kind: "connect",
      setup: {
        instructions: "You are a helpful assistant.",
        tools: [{ type: "function", function: { name: "get_weather" } }],
      },
    });

    // 16 kHz model: 24 kHz user audio is resampled (3 samples → 2).
    const audio = bytesToBase64(pcm16Bytes([0, 300, 600, 900, 1200, 1500]));
    await agent.handleInput({
      type: "client_audio_append",
      audio,
      format: { type: "audio/pcm", rate: 24_000 },
    });
    const sent = model.calls.find((c) => c.kind === "send");
    expect(sent?.kind === "send" && sent.block.type === "audio").toBe(true);
    if (
      sent?.kind === "send" &&
      sent.block.type === "audio" &&
      sent.block.source.type === "base64"
    ) {
      expect(pcm16Samples(base64ToBytes(sent.block.source.data))).toHaveLength(4);
    }

    model.push(
      { type: "model_input_started", item_id: "item_u", audio_start_ms: 100 },
      { type: "model_input_done", item_id: "item_u", audio_end_ms: 900 },
      {
        type: "model_input_transcription_done",
        item_id: "item_u",
        transcript: "Weather in Paris?",
      },
      { type: "model_response_created", response_id: "resp_1" },
      toolUseDone("get_weather", { city: "Paris" }),
      {
        type: "model_response_done",
        response_id: "resp_1",
        input_tokens: 10,
        output_tokens: 5,
        metadata: {},
      },
    );
    const result = await log.waitFor("agent_response_tool_result");
    expect(tool.runs).toEqual(["Paris"]);
    expect(result.tool_result).toMatchObject({
      id: "call_1",
      name: "get_weather",
      output: [{ type: "text", text: "Sunny in Paris" }],
    });
    const afterTool = model.calls.slice(-2);
    expect(afterTool[0]).toMatchObject({
      kind: "send",
      block: { type: "tool_result", id: "call_1" },
    });
    expect(afterTool[1]).toEqual({ kind: "create_response" });

    model.push(
      { type: "model_response_created", response_id: "resp_2" },
      {
        type: "model_response_audio_transcript_delta",
        response_id: "resp_2",
        item_id: "item_a",
        delta: "It is sunny.",
      },
      {
        type: "model_response_audio_delta",
        response_id: "resp_2",
        item_id: "item_a",
        delta: bytesToBase64(new Uint8Array(480)),
        format: { type: "audio/pcm", rate: 24_000 },
      },
      { type: "model_response_audio_done", response_id: "resp_2", item_id: "item_a" },
      {
        type: "model_response_done",
        response_id: "resp_2",
        input_tokens: 20,
        output_tokens: 9,
        metadata: {},
      },
    );
    await log.waitFor("agent_response_done", (e) => e.response_id === "resp_2");
    expect(log.types).toEqual([
      "agent_ready",
      "agent_input_started",
      "agent_input_done",
      "agent_input_transcription_done",
      "agent_response_created",
      "agent_response_tool_use_done",
      "agent_response_done",
      "agent_response_tool_result",
      "agent_response_created",
      "agent_response_audio_transcript_delta",
      "agent_response_audio_delta",
      "agent_response_audio_done",
      "agent_response_done",
    ]);
    expect(log.events.every((e) => !("agent_id" in e) || e.agent_name === "Friday")).toBe(true);
    await agent.stop();
    expect(log.types.at(-1)).toBe("agent_ended");
    expect(model.state).toBe("closed");
  });

  it("barge-in: user speech during a response cancels it and cuts the audio at what was delivered", async () => {
    const { model, agent, log } = await started();
    model.push(
      { type: "model_response_created", response_id: "resp_1" },
      {
        type: "model_response_audio_delta",
        response_id: "resp_1",
        item_id: "item_a",
        // 4800 bytes of 24 kHz PCM16 = 100 ms
        delta: bytesToBase64(new Uint8Array(4800)),
        format: { type: "audio/pcm", rate: 24_000 },
      },
      { type: "model_input_started", item_id: "item_u2", audio_start_ms: 2000 },
    );
    await log.waitFor("agent_input_started");
    const cancel = model.calls.find((c) => c.kind === "cancel");
    expect(cancel).toEqual({
      kind: "cancel",
      info: { responseActive: true, responseId: "resp_1", itemId: "item_a", audioEndMs: 100 },
    });
    // Speech when nothing is being said cancels nothing.
    model.push({
      type: "model_response_done",
      response_id: "resp_1",
      input_tokens: 1,
      output_tokens: 1,
      metadata: { status: "cancelled" },
    });
    model.push({ type: "model_input_started", item_id: "item_u3", audio_start_ms: 5000 });
    expect(model.calls.filter((c) => c.kind === "cancel")).toHaveLength(1);
    await agent.stop();
  });

  it("answers a tool that times out with the toolkit's timeout result", async () => {
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(hangingTool().definition, { executionTimeout: 20 });
    const { model, agent, log } = await started({ toolkit });
    model.push(
      { type: "model_response_created", response_id: "resp_1" },
      toolUseDone("slow_lookup", {}),
    );
    const result = await log.waitFor("agent_response_tool_result");
    expect(JSON.stringify(result.tool_result.output)).toContain("did not finish within 20 ms");
    expect(model.calls.some((c) => c.kind === "send" && c.block.type === "tool_result")).toBe(true);
    await agent.stop();
  });

  it("answers a refused tool call with a refusal and never runs it", async () => {
    const tool = weatherTool();
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(tool);
    const model = new ScriptedRealtimeModel();
    const asked: string[] = [];
    const agent = new RealtimeAgent({
      name: "Friday",
      sysPrompt: "",
      model,
      toolkit,
      approveToolCall: (toolUse) => {
        asked.push(toolUse.name);
        return false;
      },
    });
    const log = new RealtimeEventLog();
    await agent.start(log.handle);
    model.push(toolUseDone("get_weather", { city: "Oslo" }));
    const result = await log.waitFor("agent_response_tool_result");
    expect(asked).toEqual(["get_weather"]);
    expect(tool.runs).toEqual([]);
    expect(result.tool_result.output).toBe(
      "ToolRefusedError: the call to 'get_weather' was not run: the user refused it.",
    );
    await agent.stop();
  });

  it("a socket dropped mid-response while a tool runs: typed error, tool answered, session ended", async () => {
    const hanging = hangingTool();
    const toolkit = new Toolkit();
    toolkit.registerToolFunction(hanging.definition);
    const { model, agent, log } = await started({ toolkit });
    model.push(
      { type: "model_response_created", response_id: "resp_1" },
      toolUseDone("slow_lookup", {}),
    );
    await hanging.running;
    expect(agent.pendingToolCalls).toBe(1);
    model.drop();
    await log.waitFor("agent_ended");
    expect(agent.pendingToolCalls).toBe(0);
    expect(agent.error).toBeInstanceOf(ModelError);
    expect(agent.error?.message).toContain("in the middle of a response");
    expect(log.types.slice(-3)).toEqual([
      "agent_error",
      "agent_response_tool_result",
      "agent_ended",
    ]);
    const uses = log.of("agent_response_tool_use_done").map((e) => e.tool_use.id);
    const results = log.of("agent_response_tool_result").map((e) => e.tool_result.id);
    expect(results).toEqual(uses);
    // The result was not sent into the closed session.
    expect(model.calls.some((c) => c.kind === "send" && c.block.type === "tool_result")).toBe(
      false,
    );
    await expect(
      agent.handleInput({ type: "client_text_append", text: "hello?" }),
    ).rejects.toBeInstanceOf(StateError);
    await agent.stop();
  });

  it("forwards a provider error event and keeps the session", async () => {
    const { model, agent, log } = await started();
    model.push({
      type: "model_error",
      error_type: "invalid_request_error",
      code: "bad",
      message: "nope",
    });
    const error = await log.waitFor("agent_error");
    expect(error).toMatchObject({
      error_type: "invalid_request_error",
      code: "bad",
      message: "nope",
    });
    expect(model.state).toBe("open");
    await agent.stop();
  });

  it("a stalled socket inside a response ends the session with a ModelError naming idleTimeout", async () => {
    const model = new ScriptedRealtimeModel({ idleTimeout: 20 });
    const { agent, log } = await started({ model });
    model.push({ type: "model_response_created", response_id: "resp_1" });
    await log.waitFor("agent_ended");
    expect(agent.error).toBeInstanceOf(ModelError);
    expect(agent.error?.message).toContain("idleTimeout (20 ms)");
    expect(model.state).toBe("closed");
    expect(model.calls.at(-1)).toEqual({ kind: "close" });
  });

  it("connect: abort gives an InterruptedError, a stalled handshake a ModelError naming connectTimeout", async () => {
    const controller = new AbortController();
    const aborted = new RealtimeAgent({
      name: "A",
      sysPrompt: "",
      model: new ScriptedRealtimeModel({ stallConnect: true }),
    });
    const start = aborted.start(() => {}, { signal: controller.signal });
    controller.abort();
    await expect(start).rejects.toBeInstanceOf(InterruptedError);

    const slow = new ScriptedRealtimeModel({ stallConnect: true, connectTimeout: 20 });
    const timedOut = new RealtimeAgent({ name: "B", sysPrompt: "", model: slow });
    const error = await timedOut.start(() => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).message).toContain("connectTimeout (20 ms)");
    expect(slow.state).toBe("closed");
  });

  it("rejects bad options and a second start with typed errors", async () => {
    expect(
      () => new RealtimeAgent({ name: "", sysPrompt: "", model: new ScriptedRealtimeModel() }),
    ).toThrow(ValidationError);
    const { agent } = await started();
    await expect(agent.start(() => {})).rejects.toBeInstanceOf(StateError);
    await agent.stop();
  });

  it("traces the session, each response and each event", async () => {
    const tracer = new RecordingTracer();
    setTracer(tracer);
    const { model, agent, log } = await started();
    model.push(
      { type: "model_response_created", response_id: "resp_1" },
      {
        type: "model_response_audio_transcript_delta",
        response_id: "resp_1",
        item_id: "i",
        delta: "Hi!",
      },
      {
        type: "model_response_done",
        response_id: "resp_1",
        input_tokens: 3,
        output_tokens: 4,
        metadata: {},
      },
    );
    await log.waitFor("agent_response_done");
    await agent.stop();
    const names = tracer.spans.map((s) => s.name);
    expect(names[0]).toBe("realtime_session Friday");
    expect(names).toContain("realtime_event model_session_created");
    expect(names).toContain("realtime_event agent_ended");
    const response = tracer.spans.find((s) => s.name === "realtime_response");
    expect(response?.attributes).toMatchObject({
      "gen_ai.response.id": "resp_1",
      "gen_ai.usage.input_tokens": 3,
      "gen_ai.usage.output_tokens": 4,
      "agentscope.realtime.transcript_chars": 3,
    });
    expect(tracer.spans.every((s) => s.ended)).toBe(true);
  });
});
