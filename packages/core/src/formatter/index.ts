export { type Base64MediaSaver, dataUrlMediaSaver } from "./base64-media-saver.js";
export { base64DataUrl, type DataUrlContent, isDataUrl, parseDataUrl } from "./data-url.js";
export type { FormatHistory } from "./format-history.js";
export { type FormatOptions, FormatterBase, type FormatterBaseOptions } from "./formatter-base.js";
export {
  createLocalFileReader,
  defaultLocalFileReader,
  type LocalFileReader,
  type LocalFileReaderOptions,
} from "./local-file-reader.js";
export {
  groupMessages,
  isToolMessage,
  type MessageGroup,
  type MessageGroupType,
} from "./message-groups.js";
export {
  type PromoteToolResultMediaOptions,
  promoteToolResultMedia,
} from "./promote-tool-result-media.js";
export { type SystemTextMessage, systemTextMessage } from "./system-text-message.js";
export {
  convertToolResultToString,
  type ToolResultMedia,
  type ToolResultText,
} from "./tool-result-to-string.js";
export {
  TruncatedFormatterBase,
  type TruncatedFormatterBaseOptions,
} from "./truncated-formatter-base.js";
export { TruncationError, type TruncationErrorOptions } from "./truncation-error.js";
export { dropOldestPlan, type TruncationPlan } from "./truncation-plan.js";
export { warnSkippedBlock } from "./warn-skipped-block.js";
