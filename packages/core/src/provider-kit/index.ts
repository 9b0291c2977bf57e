export { DEFAULT_CONVERSATION_HISTORY_PROMPT } from "./multi-agent-history.js";
export { STRUCTURED_OUTPUT_TOOL_NAME, structuredOutputTool } from "./structured-output-tool.js";
