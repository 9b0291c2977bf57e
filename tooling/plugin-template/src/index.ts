/**
 * A template AgentScope-TS plugin: a registry provider with typed model options (`echo()`) and a
 * tool set (`clockTools()`). Copy this package, rename it, and replace the echo model's `doCall`
 * with your API.
 */

export { clockTools, registerClockTools } from "./clock-tools.js";
export { EchoChatModel, type EchoChatModelOptions } from "./echo-chat-model.js";
export { EchoFormatter, type EchoMessage } from "./echo-formatter.js";
export { EchoMultiAgentFormatter } from "./echo-multi-agent-formatter.js";
export { type EchoProvider, type EchoProviderModelOptions, echo } from "./echo-provider.js";
