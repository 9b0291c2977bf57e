/**
 * A replay server for provider tests: answers like a provider's API from recorded responses on
 * 127.0.0.1, records every request and injects faults. Private to this repository.
 */
export {
  createTestServer,
  type TestServer,
  type TestServerOptions,
  type TestServerRoutes,
} from "./create-test-server.js";
export { readChunksFile, readJsonFile } from "./fixtures.js";
export type {
  BinaryReplay,
  ErrorReplay,
  JsonReplay,
  ReplayResponse,
  ResetReplay,
  ResponseContext,
  ResponseHeaders,
  RouteHandler,
  RouteResponse,
  StallReplay,
  StreamFormat,
  StreamReplay,
} from "./replay-response.js";
export {
  frameChunk,
  NDJSON_CONTENT_TYPE,
  STREAM_CONTENT_TYPE,
  streamContentType,
  streamTrailer,
} from "./sse-framing.js";
export type { TestServerCall } from "./test-server-call.js";
export {
  attachWebSocketReplay,
  DEFAULT_EXPECT_TIMEOUT_MS,
  MAX_RECORDED_FRAMES,
  type WebSocketReplay,
} from "./websocket-replay.js";
export {
  type ClientFrame,
  type ClientFrameMatcher,
  containsSubset,
  frameMatches,
  type WebSocketConnectionRecord,
  type WebSocketRoute,
  type WebSocketRoutes,
  type WebSocketStep,
  type WebSocketStepContext,
} from "./websocket-script.js";
