export * from "./content-block.js";
export { Msg, type MsgDict, type MsgMetadata, type MsgOptions, type MsgRole } from "./msg.js";
