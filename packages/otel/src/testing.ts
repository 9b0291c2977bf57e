/**
 * Test helpers: an OTLP/HTTP (JSON) receiver on 127.0.0.1 that decodes exported spans, for tests
 * of apps that trace (no collector needed). Import from `@agentscope-ts/otel/testing`.
 */
export {
  decodeTraces,
  type OtlpReceiver,
  type ReceivedSpan,
  startOtlpReceiver,
} from "./testing/otlp-receiver.js";
