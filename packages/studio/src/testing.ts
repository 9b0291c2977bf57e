/**
 * Test helpers: a Studio contract server on 127.0.0.1 that speaks AgentScope Studio's protocol
 * and validates every call with the input schemas of Studio's router. Import from
 * `@agentscope-ts/studio/testing` (needs `socket.io`, `zod` and `@agentscope-ts/otel` installed).
 */
export {
  type ReceivedCall,
  type StoredInputRequest,
  type StoredMessage,
  type StoredReply,
  type StoredRun,
  type StudioContractServer,
  type StudioStore,
  startStudioContractServer,
} from "./testing/contract-server.js";
export { openStudioPage, type PushedInputRequest, type StudioPage } from "./testing/studio-page.js";
export {
  audioBlockSchema,
  pushMessageSchema,
  registerReplySchema,
  registerRunSchema,
  requestUserInputSchema,
  statusSchema,
  studioInputSchemas,
} from "./testing/studio-schemas.js";
