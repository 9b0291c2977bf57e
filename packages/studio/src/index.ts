/**
 * AgentScope Studio for AgentScope-TS: {@link connectStudio} shows this process's runs, messages,
 * user input and traces in Studio; {@link StudioUserInput} answers `UserAgent`s from Studio.
 */
export {
  type ConnectStudioOptions,
  connectStudio,
  type StudioConnection,
} from "./connect-studio.js";
export { firstUserInput } from "./first-user-input.js";
export type { StudioChannel } from "./studio-channel.js";
export { StudioError, type StudioErrorOptions } from "./studio-error.js";
export {
  FORWARD_USER_INPUT_EVENT,
  type PushMessageInput,
  type RegisterReplyInput,
  type RegisterRunInput,
  type RequestUserInputInput,
  RUN_STATUSES,
  type RunStatus,
  STUDIO_NAMESPACE,
  type StudioProcedure,
  type StudioProcedures,
} from "./studio-protocol.js";
export type { ForwardedUserInput } from "./studio-socket.js";
export {
  DEFAULT_USER_INPUT_TIMEOUT_MS,
  StudioUserInput,
  type StudioUserInputOptions,
} from "./studio-user-input.js";
export { StudioCallError, type StudioFailureKind } from "./trpc-call.js";
