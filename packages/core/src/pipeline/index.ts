export {
  FanoutPipeline,
  type FanoutPipelineCallOptions,
  type FanoutPipelineOptions,
  fanoutPipeline,
} from "./fanout-pipeline.js";
export { MsgHub, type MsgHubOptions } from "./msg-hub.js";
export {
  SequentialPipeline,
  type SequentialPipelineOptions,
  sequentialPipeline,
} from "./sequential-pipeline.js";
export {
  type PrintingTask,
  type StreamPrintingMessagesOptions,
  streamPrintingMessages,
} from "./stream-printing-messages.js";
