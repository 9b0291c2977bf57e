export {
  SessionBase,
  type SessionLoadOptions,
  type SessionSaveOptions,
  type StateModules,
} from "./session-base.js";
