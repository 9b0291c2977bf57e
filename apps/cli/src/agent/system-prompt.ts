/** What the default system prompt mentions. */
export interface SystemPromptFacts {
  /** The agent's name. */
  agentName: string;
  /** Whether the built-in shell, Python and file tools are there. */
  builtinTools: boolean;
  /** The MCP servers whose tools the agent has. */
  mcpServers: readonly string[];
  /** Whether the agent has a plan notebook. */
  plan: boolean;
  /** The working directory. */
  cwd: string;
  /** `process.platform`. */
  platform: string;
}

/** The default system prompt of the CLI's agent. */
export function defaultSystemPrompt(facts: SystemPromptFacts): string {
  const can: string[] = [];
  if (facts.builtinTools) {
    can.push("run shell commands and Python code, and view, write and edit text files");
  }
  if (facts.mcpServers.length > 0) {
    can.push(`use the tools of the MCP servers ${facts.mcpServers.join(", ")}`);
  }
  if (facts.plan) can.push("make and follow a plan for tasks of several steps");
  return [
    `You are ${facts.agentName}, a helpful assistant working in the user's terminal.`,
    can.length > 0
      ? `You can ${can.join("; ")}. Use tools when they help, and say what you did.`
      : "",
    `The working directory is ${facts.cwd} (platform: ${facts.platform}).`,
    "Answer concisely.",
  ]
    .filter(Boolean)
    .join(" ");
}
