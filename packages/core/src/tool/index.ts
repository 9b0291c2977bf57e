export {
  type AgentSkill,
  DEFAULT_AGENT_SKILL_INSTRUCTION,
  DEFAULT_AGENT_SKILL_TEMPLATE,
  formatAgentSkillPrompt,
  MAX_SKILL_MD_CHARS,
  parseFrontMatter,
  readAgentSkill,
  type SkillFiles,
} from "./agent-skill.js";
export {
  BackgroundTasks,
  type BackgroundTasksOptions,
  DEFAULT_TASK_MAX_BUFFER_CHARS,
  MAX_UNREAD_TASK_RESULTS,
  TASK_CANCELLED_TEXT,
  taskBufferNote,
  taskStartedText,
} from "./background-tasks.js";
export { capToolResponse, truncationNote } from "./cap-tool-output.js";
export { tool, type ZodToolConfig } from "./define-tool.js";
export { validateJsonSchema } from "./json-schema-validator.js";
export {
  formatActivatedNotes,
  formatMetaToolResult,
  META_TOOL_DESCRIPTION,
  META_TOOL_NAME,
  metaToolParameters,
} from "./meta-tool.js";
export {
  type McpClientLike,
  type RegisterMcpClientOptions,
  registerMcpClientTools,
} from "./register-mcp-client.js";
export {
  type ExtendedModel,
  RegisteredToolFunction,
  type RegisteredToolFunctionOptions,
  type ToolPostprocessFunc,
} from "./registered-tool-function.js";
export {
  type RunToolOptions,
  runTool,
  TOOL_INTERRUPTED_TEXT,
  toolTimeoutText,
} from "./run-tool.js";
export { createTaskTools, TASK_TOOL_NAMES } from "./task-tools.js";
export type {
  JsonSchemaObject,
  ToolContext,
  ToolDefinition,
  ToolResult,
} from "./tool-definition.js";
export type { ToolGroup } from "./tool-group.js";
export { type ToolResponse, toolResponse } from "./tool-response.js";
export {
  assertToolName,
  checkToolDefinition,
  hidePresetArguments,
  isZodSchema,
  TOOL_NAME_PATTERN,
  type ToolFunctionSchema,
  toParametersSchema,
} from "./tool-schema.js";
export {
  type CallToolOptions,
  type CreateToolGroupOptions,
  DEFAULT_TOOL_EXECUTION_TIMEOUT_MS,
  DEFAULT_TOOL_MAX_OUTPUT_CHARS,
  type NamesakeStrategy,
  type RegisterToolFunctionOptions,
  type ToolCallKwargs,
  Toolkit,
  type ToolkitOptions,
  type ToolMiddleware,
} from "./toolkit.js";
