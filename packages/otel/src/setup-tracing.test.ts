import { getTracer, isTracingEnabled, Msg, ValidationError } from "@agentscope-ts/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPECTED_CHILDREN, everythingClient, tracedAgent } from "./__fixtures__/traced-agent.js";
import { OpenTelemetryTracer } from "./opentelemetry-tracer.js";
import { tracesUrl } from "./otlp-endpoint.js";
import { setupTracing } from "./setup-tracing.js";
import { type OtlpReceiver, startOtlpReceiver } from "./testing/otlp-receiver.js";

const client = everythingClient();
let receiver: OtlpReceiver;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  await client.connect();
});
afterAll(async () => {
  await client[Symbol.asyncDispose]();
  await receiver.close();
});

describe("setupTracing", () => {
  it("exports the agent's spans over OTLP/HTTP JSON with the service name and headers", async () => {
    const handle = setupTracing({
      endpoint: receiver.url,
      serviceName: "otel-e2e",
      headers: { Authorization: "Basic c2VjcmV0LWtleQ==" },
    });
    try {
      expect(handle.url).toBe(`${receiver.url}/v1/traces`);
      expect(getTracer()).toBe(handle.tracer);
      const agent = await tracedAgent(client);
      await agent.call(new Msg("user", "Weather in Paris, and 19 + 23?", "user"));
      await handle.flush();
      const spans = await receiver.waitForSpans(EXPECTED_CHILDREN.length + 1);

      const agentSpan = spans.find((s) => s.name === "invoke_agent Friday");
      expect(agentSpan?.parentSpanId).toBeUndefined();
      const children = spans.filter((s) => s.parentSpanId === agentSpan?.spanId);
      expect(children.map((s) => s.name).sort()).toEqual([...EXPECTED_CHILDREN].sort());
      expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([agentSpan?.traceId]));
      expect(spans.every((s) => s.serviceName === "otel-e2e")).toBe(true);
      expect(spans.every((s) => s.scope === "@agentscope-ts/otel")).toBe(true);

      // OTLP kinds: 3 = client (chat), 1 = internal; status 2 = error, 1 = ok.
      const chat = children.find((s) => s.name === "chat scripted-model");
      expect(chat?.kind).toBe(3);
      expect(chat?.attributes).toMatchObject({
        "gen_ai.operation.name": "chat",
        "gen_ai.usage.input_tokens": 11,
        "gen_ai.response.finish_reasons": expect.any(Array),
      });
      const sum = children.find((s) => s.name === "execute_tool get-sum");
      expect(sum).toMatchObject({ kind: 1, statusCode: 1 });
      expect(sum?.attributes["gen_ai.tool.call.id"]).toBe("call_sum");
      const failed = children.filter((s) => s.statusCode === 2);
      expect(failed.map((s) => s.attributes["gen_ai.tool.call.id"])).toEqual(["call_atlantis"]);
      expect(failed[0]?.statusMessage).toContain("Atlantis");

      // The export carried the header; no span carries it.
      expect(receiver.headers.every((h) => h.authorization === "Basic c2VjcmV0LWtleQ==")).toBe(
        true,
      );
      expect(JSON.stringify(spans)).not.toContain("c2VjcmV0LWtleQ");
    } finally {
      await handle.shutdown();
    }
    expect(isTracingEnabled()).toBe(false);
  });

  it("reads OTEL_EXPORTER_OTLP_ENDPOINT and rejects a missing or bad endpoint with a typed error", () => {
    const saved = { ...process.env };
    try {
      delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
      delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
      expect(() => setupTracing()).toThrow(ValidationError);
      expect(() => setupTracing()).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
      expect(() => setupTracing({ endpoint: "grpc://x:4317" })).toThrow(/OTLP\/gRPC/);
      expect(() => setupTracing({ endpoint: "not a url" })).toThrow(/endpoint/);
      expect(isTracingEnabled()).toBe(false);
    } finally {
      process.env = saved;
    }
  });

  it("adds /v1/traces to a base URL, as the OTLP spec says, and keeps a full one", () => {
    expect(tracesUrl("http://localhost:4318")).toBe("http://localhost:4318/v1/traces");
    expect(tracesUrl("https://cloud.langfuse.com/api/public/otel/")).toBe(
      "https://cloud.langfuse.com/api/public/otel/v1/traces",
    );
    expect(tracesUrl("http://collector:4318/v1/traces")).toBe("http://collector:4318/v1/traces");
    expect(new OpenTelemetryTracer().recordContent).toBe(false);
  });
});
