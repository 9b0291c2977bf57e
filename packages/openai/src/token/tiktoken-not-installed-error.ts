import { AgentScopeError, type AgentScopeErrorOptions } from "@agentscope-ts/core";

/**
 * Thrown by {@link OpenAITokenCounter} when `js-tiktoken`, its optional peer dependency, is not
 * installed: the message names the package and the command that installs it.
 */
export class TiktokenNotInstalledError extends AgentScopeError {
  override readonly code: string = "tiktoken_not_installed";
  /** The package to install. */
  readonly packageName = "js-tiktoken";

  constructor(options: AgentScopeErrorOptions = {}) {
    super(
      "OpenAITokenCounter needs the package js-tiktoken (an optional peer dependency of @agentscope-ts/openai), which is not installed. Install it: npm i js-tiktoken",
      options,
    );
  }
}
