/** Test helpers the AgentScope-TS packages share (private; a devDependency only). */
export { runAgentTurn } from "./agent-turn.js";
export { type BrowserBundle, bundleForBrowser } from "./browser-bundle.js";
export {
  type ConformanceCase,
  type ConformanceCases,
  camelOptions,
  caseMessages,
  conformanceCases,
  type RecordingSaver,
  recordingSaver,
  type SaverCall,
} from "./conformance-cases.js";
export { type DecodedSpeech, expectSpeech } from "./expect-speech.js";
export { expectHttpErrorShape, type HttpErrorShapeCase } from "./http-error-shape.js";
export {
  expectIncrementalFormatMatchesFull,
  type IncrementalFormatCheck,
  type IncrementalFormatCheckOptions,
} from "./incremental-format.js";
export {
  isProcessRunning,
  killLeftovers,
  type ProcessTreePids,
  processTreeServer,
  readProcessTreePids,
  waitUntilGone,
} from "./mcp-process-tree.js";
export { expectRefusedConnectionNamesHost } from "./refused-connection.js";
export { expectRenamedOptionOnWire, type RenamedOptionCase } from "./renamed-option-wire.js";
export { sentBy } from "./sent-by.js";
export { type SpokenTurn, speakingAgentTurn } from "./speaking-agent.js";
export { fillAudio, type SpeechPcm, speechPcm, splitPcm } from "./speech-pcm.js";
export {
  TOOL_RESULT_PNG,
  TOOL_RESULT_PNG_DATA_URL,
  toolResultImageExchange,
} from "./tool-result-image.js";
export {
  expectRetryableStreamError,
  expectTruncatedToolCall,
  readUntilError,
} from "./truncated-tool-call.js";
export { weatherAndTimeToolkit } from "./weather-toolkit.js";
