export {
  BoundedStdioClientTransport,
  type BoundedStdioOptions,
} from "./bounded-stdio-transport.js";
export { DEFAULT_CONNECT_TIMEOUT_MS, resolveConnectTimeout } from "./connect-timeout.js";
export {
  callToolResultToToolResponse,
  convertMcpContentToBlocks,
} from "./content-to-blocks.js";
export { HttpStatefulClient, type HttpStatefulClientOptions } from "./http-stateful-client.js";
export { HttpStatelessClient, type HttpStatelessClientOptions } from "./http-stateless-client.js";
export {
  createHttpTransport,
  type HttpClientOptions,
  type HttpTransportType,
  type ResolvedHttpOptions,
  resolveHttpOptions,
} from "./http-transport.js";
export {
  DEFAULT_MAX_MESSAGE_BYTES,
  LineReadBuffer,
  type LineReadBufferOptions,
  MESSAGE_TOO_LARGE_CODE,
} from "./line-read-buffer.js";
export { type GetCallableFunctionOptions, MCPClientBase } from "./mcp-client-base.js";
export { MCPConnectionError } from "./mcp-connection-error.js";
export {
  CLIENT_INFO,
  LIVENESS_PING_TIMEOUT_MS,
  type McpSession,
  type OpenSessionOptions,
  openSession,
} from "./mcp-session.js";
export {
  MCPToolFunction,
  type MCPToolFunctionOptions,
  type McpCallOptions,
  type McpToolCaller,
  toolParameters,
  toToolName,
} from "./mcp-tool-function.js";
export { DEFAULT_CLOSE_GRACE_MS } from "./process-group.js";
export { type RegisterMcpClientOptions, registerMcpClient } from "./register-mcp-client.js";
export {
  type CloseOptions,
  StatefulClientBase,
  type StatefulClientOptions,
} from "./stateful-client-base.js";
export { StdIOStatefulClient, type StdIOStatefulClientOptions } from "./stdio-stateful-client.js";
export { type TimedFetchOptions, timedFetch } from "./timed-fetch.js";
