export { STRUCTURED_OUTPUT_TOOL_NAME, structuredOutputTool } from "./structured-output-tool.js";
