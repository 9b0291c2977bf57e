/**
 * `@agentscope-ts/cli`: the `agentscope` command (a ReAct agent in the terminal). The binary is
 * `dist/bin.js`; these exports let other programs run it in-process or reuse its pieces.
 */
export { AGENT_NAME, type AgentSetup, setUpAgent, type ToolConsent } from "./agent/set-up-agent.js";
export { defaultSystemPrompt, type SystemPromptFacts } from "./agent/system-prompt.js";
export { helpText } from "./args/help-text.js";
export {
  type CliOptions,
  COMMANDS,
  type CommandName,
  type ParsedCommand,
  parseCliArgs,
} from "./args/parse-args.js";
export { CliError, describeError, EXIT, exitCodeOf, formatFatal } from "./cli-error.js";
export type { CliIO } from "./cli-io.js";
export { runChat } from "./commands/chat.js";
export { type RunResult, type RunToolCall, runTask } from "./commands/run.js";
export { listSessions } from "./commands/sessions.js";
export { main } from "./main.js";
export {
  type HttpServerConfig,
  loadMcpConfig,
  type McpServerConfig,
  parseMcpConfig,
  type StdioServerConfig,
} from "./mcp/mcp-config.js";
export type { LoadedModel, ModelSettings } from "./model/loaded-model.js";
export { chooseModel, type ModelChoice, type ModelFlags } from "./model/model-choice.js";
export { findProvider, PROVIDERS, type ProviderEntry } from "./model/providers.js";
export {
  agentscopeHome,
  type SessionInfo,
  SessionStore,
  sessionsDir,
} from "./session/session-store.js";
export {
  type AskUser,
  CONFIRMED_TOOLS,
  type ConfirmPolicy,
  confirmationMiddleware,
} from "./tools/confirmation.js";
export { BUILTIN_TOOL_NAMES, createToolkit } from "./tools/create-toolkit.js";
export { cliVersion } from "./version.js";
