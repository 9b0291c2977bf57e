import type { AgentBase } from "../agent/agent-base.js";
import { StateError } from "../errors/state-error.js";
import { ToolError } from "../errors/tool-error.js";
import { ValidationError } from "../errors/validation-error.js";
import type { ToolUseBlock } from "../message/content-block.js";
import { type StateDict, StateModule, stateErrorFrom } from "../state/state-module.js";
import { isTracingEnabled } from "../tracing/global-tracer.js";
import { traceToolCall } from "../tracing/tool-span.js";
import { copyJsonValue } from "../utils/json-copy.js";
import { isPlainObject } from "../utils/json-value.js";
import { limitOption } from "../utils/limit-option.js";
import { shortUuid } from "../utils/short-uuid.js";
import { copyPlainTree, plainTreeEqual } from "../utils/tree-copy.js";
import {
  type AgentSkill,
  DEFAULT_AGENT_SKILL_INSTRUCTION,
  DEFAULT_AGENT_SKILL_TEMPLATE,
  formatAgentSkillPrompt,
  readAgentSkill,
  type SkillFiles,
} from "./agent-skill.js";
import {
  BackgroundTasks,
  DEFAULT_TASK_MAX_BUFFER_CHARS,
  taskStartedText,
} from "./background-tasks.js";
import { capToolResponse } from "./cap-tool-output.js";
import {
  formatActivatedNotes,
  formatMetaToolResult,
  META_TOOL_DESCRIPTION,
  META_TOOL_NAME,
  metaToolParameters,
} from "./meta-tool.js";
import {
  type McpClientLike,
  type RegisterMcpClientOptions,
  registerMcpClientTools,
} from "./register-mcp-client.js";
import {
  type ExtendedModel,
  RegisteredToolFunction,
  type ToolPostprocessFunc,
} from "./registered-tool-function.js";
import {
  errorMessage,
  runTool,
  runToolCall,
  startToolCall,
  type ToolCallStart,
} from "./run-tool.js";
import { createTaskTools } from "./task-tools.js";
import type { ToolDefinition } from "./tool-definition.js";
import type { ToolGroup } from "./tool-group.js";
import { type ToolResponse, toolResponse } from "./tool-response.js";
import {
  assertToolName,
  checkToolDefinition,
  type ToolFunctionSchema,
  toParametersSchema,
} from "./tool-schema.js";

/** What to do when a tool is registered under a name that is taken. */
export type NamesakeStrategy = "raise" | "override" | "skip" | "rename";

const NAMESAKE_STRATEGIES: readonly NamesakeStrategy[] = ["raise", "override", "skip", "rename"];

/** Options of {@link Toolkit.registerToolFunction} (AgentScope's keyword arguments). */
export interface RegisterToolFunctionOptions {
  /** The group the tool belongs to (created first with `createToolGroup`). Default `"basic"`. */
  groupName?: string;
  /** Arguments set by you: merged into every call (they win over the model's) and hidden from the model. */
  presetKwargs?: Record<string, unknown>;
  /** Register the tool under this name instead of its own. */
  funcName?: string;
  /** Use this description instead of the tool's own. */
  funcDescription?: string;
  /** Sees (and may replace) every response of the tool. */
  postprocessFunc?: ToolPostprocessFunc;
  /** What to do when the name is taken. Default `"raise"`. */
  namesakeStrategy?: NamesakeStrategy;
  /** The MCP client the tool comes from (lets `removeMcpClients` remove it). */
  mcpName?: string;
  /**
   * Milliseconds this tool may run before it is aborted through its signal and the model reads a
   * timeout result. Default: the toolkit's `executionTimeout`; `null` = no limit.
   */
  executionTimeout?: number | null;
  /**
   * The most characters of text the model reads from one result of this tool; the rest is cut
   * with a note. Default: the toolkit's `maxOutputChars`; `null` = no cap.
   */
  maxOutputChars?: number | null;
  /**
   * Run the tool in the background (AgentScope's `async_execution`): a call answers at once with
   * a task id, and the toolkit offers `view_task`, `wait_task` and `cancel_task` to follow it.
   * Default `false`.
   */
  asyncExecution?: boolean;
}

/** Default {@link ToolkitOptions.executionTimeout}: 300 000 ms (5 minutes). */
export const DEFAULT_TOOL_EXECUTION_TIMEOUT_MS = 300_000;
/** Default {@link ToolkitOptions.maxOutputChars}: 100 000 characters. */
export const DEFAULT_TOOL_MAX_OUTPUT_CHARS = 100_000;

/** Options of a {@link Toolkit}. */
export interface ToolkitOptions {
  /**
   * Milliseconds a tool may run before it is aborted through its signal and the model reads an
   * error result saying it timed out (AgentScope's MCP `execution_timeout`, for every tool).
   * Default {@link DEFAULT_TOOL_EXECUTION_TIMEOUT_MS} (5 minutes, the limit of AgentScope's
   * built-in tools); `null` = no limit. A tool's own `executionTimeout` wins.
   */
  executionTimeout?: number | null;
  /**
   * The most characters of text the model reads from one tool result (each chunk, for a
   * streaming tool); longer text is cut with a note saying how much was cut and how to get the
   * rest. Default {@link DEFAULT_TOOL_MAX_OUTPUT_CHARS} (about 25k tokens); `null` = no cap. A
   * tool's own `maxOutputChars` wins.
   */
  maxOutputChars?: number | null;
  /**
   * The most characters of output one background task (`asyncExecution`) keeps until
   * `view_task`/`wait_task` reads it; past it the oldest chunks are dropped and a note at the
   * start of the result says how many. Default {@link DEFAULT_TASK_MAX_BUFFER_CHARS}; `null` = no
   * cap. Settable later through `toolkit.tasks.maxBufferChars`.
   */
  maxTaskBufferChars?: number | null;
  /** The instruction before the list of agent skills in the prompt. Default AgentScope's. */
  agentSkillInstruction?: string;
  /** How one skill is shown in the prompt, with `{name}`, `{description}` and `{dir}`. Default AgentScope's. */
  agentSkillTemplate?: string;
}

/** Options of {@link Toolkit.createToolGroup}. */
export interface CreateToolGroupOptions {
  /** Whether the group starts active. Default `false`. */
  active?: boolean;
  /** How to use the group's tools; added to the prompt while the group is active. */
  notes?: string;
}

/** Options of {@link Toolkit.callTool}. */
export interface CallToolOptions {
  /** Aborting it interrupts the call; the result then says the user interrupted it. */
  signal?: AbortSignal;
  /** The agent making the call, handed to the tool. */
  agent?: AgentBase | undefined;
}

/** What a middleware receives and passes on: the call and its context. */
export interface ToolCallKwargs {
  /** The tool call being answered (a middleware may replace it before calling `next`). */
  toolCall: ToolUseBlock;
  /** The call's abort signal. */
  signal: AbortSignal;
  /** The calling agent, if any. */
  agent?: AgentBase | undefined;
}

/**
 * An onion-style wrapper around tool calls: it may change the call, change or add responses, or
 * answer without calling `next` at all.
 */
export type ToolMiddleware = (
  kwargs: ToolCallKwargs,
  next: (kwargs: ToolCallKwargs) => AsyncIterable<ToolResponse>,
) => AsyncIterable<ToolResponse>;

// Set by Toolkit's static block, which can read the private #readOnlySchemas and #directCall.
let sharedSchemas: (toolkit: Toolkit, recheck: boolean) => readonly ToolFunctionSchema[];
let directCall: (
  toolkit: Toolkit,
  toolCall: ToolUseBlock,
  options: CallToolOptions,
) => ToolResponse | AsyncIterable<ToolResponse>;

/**
 * `toolkit.callTool(toolCall, options)` for a caller that reads the call at once (the agent's
 * acting step): the call starts now, and one that ends without waiting (a tool returning a value,
 * no middleware, no tracing, `callTool` not overridden) is its one response, without a
 * generator. Internal (not exported by the package).
 */
export function callToolAtOnce(
  toolkit: Toolkit,
  toolCall: ToolUseBlock,
  options: CallToolOptions = {},
): ToolResponse | AsyncIterable<ToolResponse> {
  return directCall(toolkit, toolCall, options);
}

/**
 * `toolkit.getJsonSchemas()` for a caller that only reads the schemas (the agent hands them to its
 * formatter and model on every step): the same copies from call to call while the schemas are
 * unchanged, instead of new ones each time (what a subclass overriding `getJsonSchemas` returns,
 * when one does). A change through the toolkit's methods (tools, groups, extended models) is seen
 * on every call; a schema object changed in place (by its owner, or a reader changing the copies)
 * is seen when `recheck` is set, which compares every schema with its copy: the agent rechecks at
 * the first step of each reply. Internal (not exported by the package).
 */
export function readOnlyJsonSchemas(
  toolkit: Toolkit,
  recheck = true,
): readonly ToolFunctionSchema[] {
  return sharedSchemas(toolkit, recheck);
}

// Whether `copies` (of `before`) still stand for `sources`: the same objects and, when `deep`,
// equal to their copies.
function unchangedCopies(
  sources: readonly ToolFunctionSchema[],
  before: readonly ToolFunctionSchema[],
  copies: readonly ToolFunctionSchema[],
  deep: boolean,
): boolean {
  if (before.length !== sources.length || copies.length !== sources.length) return false;
  for (let i = 0; i < sources.length; i++) {
    if (sources[i] !== before[i]) return false;
    if (deep && !plainTreeEqual(sources[i], copies[i])) return false;
  }
  return true;
}

/**
 * Holds the tools an agent can call: AgentScope's `Toolkit`. Registers and removes tools (zod or
 * JSON Schema parameters), organises them in groups that are switched on and off (by you, or by the
 * agent through the meta tool `reset_equipped_tools`), hides preset arguments from the model, and
 * runs calls so that every outcome — success, stream, bad input, unknown tool, error, abort — is a
 * {@link ToolResponse} the model can read. Its state is the list of active groups.
 */
export class Toolkit extends StateModule {
  /** The registered tools by name, in registration order. */
  readonly tools = new Map<string, RegisteredToolFunction>();
  /** The tool groups by name (the implicit, always active `basic` group is not listed). */
  readonly groups = new Map<string, ToolGroup>();
  /** Milliseconds a tool may run (unless it has its own limit); `null` = no limit. */
  executionTimeout: number | null;
  /** The most characters of text the model reads from one tool result; `null` = no cap. */
  maxOutputChars: number | null;
  readonly #middlewares: ToolMiddleware[] = [];
  #metaTool: ToolDefinition | undefined;
  /** The registered agent skills by name. */
  readonly skills = new Map<string, AgentSkill>();
  readonly #agentSkillInstruction: string;
  readonly #agentSkillTemplate: string;
  /** The tool calls running in the background (tools registered with `asyncExecution`). */
  readonly tasks: BackgroundTasks;
  #taskTools: ToolDefinition[] | undefined;

  constructor(options: ToolkitOptions = {}) {
    super();
    this.executionTimeout =
      limitOption(
        options.executionTimeout,
        "executionTimeout",
        "toolkit options",
        "milliseconds",
      ) ?? (options.executionTimeout === null ? null : DEFAULT_TOOL_EXECUTION_TIMEOUT_MS);
    this.maxOutputChars =
      limitOption(options.maxOutputChars, "maxOutputChars", "toolkit options", "characters") ??
      (options.maxOutputChars === null ? null : DEFAULT_TOOL_MAX_OUTPUT_CHARS);
    this.tasks = new BackgroundTasks({
      maxBufferChars:
        limitOption(
          options.maxTaskBufferChars,
          "maxTaskBufferChars",
          "toolkit options",
          "characters",
        ) ?? (options.maxTaskBufferChars === null ? null : DEFAULT_TASK_MAX_BUFFER_CHARS),
    });
    this.#agentSkillInstruction = options.agentSkillInstruction || DEFAULT_AGENT_SKILL_INSTRUCTION;
    this.#agentSkillTemplate = options.agentSkillTemplate || DEFAULT_AGENT_SKILL_TEMPLATE;
  }

  /**
   * Registers the agent skill in `skillDir`: reads the `name` and `description` of its `SKILL.md`
   * front matter (through `files`, Node's file system by default). Throws a {@link ToolError} for a
   * missing directory or `SKILL.md`, missing fields, or a name already registered.
   */
  async registerAgentSkill(skillDir: string, files?: SkillFiles): Promise<void> {
    this.addAgentSkill(await readAgentSkill(skillDir, files));
  }

  /** Adds an agent skill read elsewhere (e.g. in a browser); a taken name is an error. */
  addAgentSkill(skill: AgentSkill): void {
    if (this.skills.has(skill.name)) {
      throw new ToolError(
        `An agent skill with name '${skill.name}' is already registered in the toolkit.`,
      );
    }
    this.skills.set(skill.name, {
      name: skill.name,
      description: skill.description,
      dir: skill.dir,
    });
  }

  /** Removes an agent skill by name; an unknown name is ignored. */
  removeAgentSkill(name: string): void {
    this.skills.delete(name);
  }

  /**
   * The prompt about the registered agent skills, for the system prompt: the instruction, then
   * one section per skill (AgentScope's texts); `undefined` when there is none.
   */
  getAgentSkillPrompt(): string | undefined {
    return formatAgentSkillPrompt(
      this.skills.values(),
      this.#agentSkillInstruction,
      this.#agentSkillTemplate,
    );
  }

  /**
   * Creates a group of tools. Tools registered with `groupName` set to it are offered to the model
   * only while the group is active.
   */
  createToolGroup(groupName: string, description: string, options: CreateToolGroupOptions = {}) {
    if (typeof groupName !== "string" || groupName === "") {
      throw new ValidationError("tool group", [
        { path: "groupName", message: "expected a non-empty string" },
      ]);
    }
    if (this.groups.has(groupName) || groupName === "basic") {
      throw new ToolError(`Tool group '${groupName}' is already registered in the toolkit.`);
    }
    this.groups.set(groupName, {
      name: groupName,
      description,
      notes: options.notes,
      active: options.active ?? false,
    });
  }

  /** Activates or deactivates the named groups; unknown names (and `basic`) are ignored. */
  updateToolGroups(groupNames: readonly string[], active: boolean): void {
    for (const name of groupNames) {
      const group = this.groups.get(name);
      if (group) group.active = active;
    }
  }

  /** Removes the named groups and every tool in them. The `basic` group cannot be removed. */
  removeToolGroups(groupNames: string | readonly string[]): void {
    const names = typeof groupNames === "string" ? [groupNames] : groupNames;
    if (!Array.isArray(names) || !names.every((n) => typeof n === "string")) {
      throw new ValidationError("group names", [
        { path: "groupNames", message: "expected a string or a list of strings" },
      ]);
    }
    if (names.includes("basic")) {
      throw new ToolError("Cannot remove the default 'basic' tool group.");
    }
    for (const name of names) this.groups.delete(name);
    for (const [name, tool] of this.tools) {
      if (names.includes(tool.group)) this.tools.delete(name);
    }
  }

  /**
   * Registers a tool. Returns the name it was registered under (a new one with the `rename`
   * strategy; the existing tool's with `skip`). Throws a clear error for an invalid definition,
   * an unknown group, a taken name (with the default strategy `raise`), or preset arguments the
   * tool does not take.
   */
  registerToolFunction<Input extends Record<string, unknown>>(
    definition: ToolDefinition<Input>,
    options: RegisterToolFunctionOptions = {},
  ): string {
    const tool = definition as unknown as ToolDefinition;
    const groupName = options.groupName ?? "basic";
    if (groupName !== "basic" && !this.groups.has(groupName)) {
      throw new ToolError(
        `Tool group '${groupName}' not found. Create it first with toolkit.createToolGroup('${groupName}', description).`,
      );
    }
    const parameters = checkToolDefinition(tool);
    const strategy = options.namesakeStrategy ?? "raise";
    if (!NAMESAKE_STRATEGIES.includes(strategy)) {
      throw new ValidationError("tool registration options", [
        {
          path: "namesakeStrategy",
          message: `expected one of ${NAMESAKE_STRATEGIES.map((s) => `"${s}"`).join(", ")}, received ${JSON.stringify(strategy)}`,
        },
      ]);
    }
    if (options.funcName !== undefined) {
      assertToolName(options.funcName, `tool registration options of '${tool.name}'`);
    }
    const name = options.funcName ?? tool.name;
    const presetKwargs = options.presetKwargs ?? {};
    if (!isPlainObject(presetKwargs)) {
      throw new ValidationError(`tool registration options of '${name}'`, [
        { path: "presetKwargs", message: "expected an object of argument values" },
      ]);
    }
    const properties = parameters.properties as Record<string, unknown>;
    const extra = parameters.additionalProperties;
    const acceptsExtra = extra !== undefined && extra !== false;
    const unknown = Object.keys(presetKwargs).filter((k) => !(k in properties));
    if (unknown.length > 0 && !acceptsExtra) {
      throw new ValidationError(
        `tool registration options of '${name}'`,
        unknown.map((k) => ({
          path: `presetKwargs.${k}`,
          message: "is not a parameter of the tool",
        })),
        { hint: `The tool takes: ${Object.keys(properties).join(", ") || "no arguments"}.` },
      );
    }

    const what = `tool registration options of '${name}'`;
    const executionTimeout = limitOption(
      options.executionTimeout,
      "executionTimeout",
      what,
      "milliseconds",
    );
    const maxOutputChars = limitOption(
      options.maxOutputChars,
      "maxOutputChars",
      what,
      "characters",
    );

    const registered = new RegisteredToolFunction({
      name,
      group: groupName,
      source: options.mcpName !== undefined ? "mcp_server" : "function",
      tool,
      parameters,
      description: options.funcDescription ?? tool.description,
      presetKwargs,
      originalName: options.funcName !== undefined ? tool.name : undefined,
      mcpName: options.mcpName,
      postprocessFunc: options.postprocessFunc,
      executionTimeout,
      maxOutputChars,
      asyncExecution: options.asyncExecution === true,
    });
    if (options.asyncExecution === true) this.#registerTaskTools();

    if (!this.tools.has(name)) {
      this.tools.set(name, registered);
      return name;
    }
    switch (strategy) {
      case "skip":
        return name;
      case "override":
        this.tools.set(name, registered);
        return name;
      case "rename": {
        for (let i = 0; i < 100; i++) {
          const candidate = `${name}_${shortUuid().slice(0, 5)}`;
          if (this.tools.has(candidate)) continue;
          registered.rename(candidate);
          this.tools.set(candidate, registered);
          return candidate;
        }
        throw new ToolError(
          `Failed to register tool function '${name}' with a unique name after 100 attempts.`,
        );
      }
      default:
        throw new ToolError(
          `A function with name '${name}' is already registered in the toolkit. Pass namesakeStrategy 'override', 'skip' or 'rename', or register it under another funcName.`,
        );
    }
  }

  /** Removes a tool by name. With `allowNotExist` false, a missing tool is an error. */
  removeToolFunction(toolName: string, allowNotExist = true): void {
    if (!this.tools.has(toolName) && !allowNotExist) {
      throw new ToolError(`Tool function '${toolName}' does not exist in the toolkit.`);
    }
    this.tools.delete(toolName);
  }

  /**
   * Registers the tools of an MCP server (AgentScope's `register_mcp_client`): those passing
   * `enableFuncs` / `disableFuncs`, under the client's name so {@link removeMcpClients} removes
   * them. A stateful client must be connected first. Returns the names registered.
   */
  registerMcpClient(
    client: McpClientLike,
    options: RegisterMcpClientOptions = {},
  ): Promise<string[]> {
    return registerMcpClientTools(this, client, options);
  }

  /** Removes every tool registered from the named MCP clients. */
  removeMcpClients(clientNames: string | readonly string[]): void {
    const names = typeof clientNames === "string" ? [clientNames] : clientNames;
    if (!Array.isArray(names) || !names.every((n) => typeof n === "string")) {
      throw new ValidationError("MCP client names", [
        { path: "clientNames", message: "expected a client name or a list of client names" },
      ]);
    }
    for (const [name, tool] of this.tools) {
      if (tool.mcpName !== undefined && names.includes(tool.mcpName)) this.tools.delete(name);
    }
  }

  /** Removes every tool and group (middlewares stay). */
  clear(): void {
    this.tools.clear();
    this.groups.clear();
    this.#taskTools = undefined;
  }

  /**
   * Adds the fields of `model` (a zod object schema or JSON Schema; `null` to remove) to the
   * schema of tool `funcName`: the agent uses it to ask for structured output through a tool.
   */
  setExtendedModel(funcName: string, model: ExtendedModel | null | undefined): void {
    const tool = this.tools.get(funcName);
    if (!tool) throw new ToolError(`Tool function '${funcName}' not found in the toolkit.`);
    if (model === null || model === undefined) {
      tool.setExtendedModel(undefined, undefined);
      return;
    }
    tool.setExtendedModel(
      model,
      toParametersSchema(model, `extended model of tool '${funcName}'`, "model"),
    );
  }

  /**
   * The JSON schemas of the active tools (`basic` ones and those of active groups), in the OpenAI
   * function format `{ type: "function", function: { name, description, parameters } }`, with
   * preset arguments hidden. Each call returns fresh objects the caller may change.
   */
  getJsonSchemas(): ToolFunctionSchema[] {
    const out = this.#activeSchemas();
    // Plain-tree copies: the caller may change them.
    for (let i = 0; i < out.length; i++) out[i] = copyPlainTree(out[i] as ToolFunctionSchema);
    return out;
  }

  // The active tools' own schema objects, not copied (what AgentScope's get_json_schemas returns).
  #activeSchemas(): ToolFunctionSchema[] {
    this.#refreshMetaTool();
    const out: ToolFunctionSchema[] = [];
    for (const tool of this.tools.values()) {
      if (this.#isActive(tool)) out.push(tool.extendedJsonSchema);
    }
    return out;
  }

  // Copies of the active schemas handed to readers, with the schemas they copy: reused while every
  // schema is the same object and still equal to its copy (changed in place by neither side).
  #readCopies: { sources: ToolFunctionSchema[]; copies: ToolFunctionSchema[] } | undefined;

  #readOnlySchemas(recheck: boolean): readonly ToolFunctionSchema[] {
    const sources = this.#activeSchemas();
    const cached = this.#readCopies;
    if (cached && unchangedCopies(sources, cached.sources, cached.copies, recheck)) {
      return cached.copies;
    }
    const copies = sources.map((s) => copyPlainTree(s));
    this.#readCopies = { sources, copies };
    return copies;
  }

  static {
    directCall = (toolkit, toolCall, options) =>
      #directCall in toolkit &&
      toolkit.callTool === Toolkit.prototype.callTool &&
      !isTracingEnabled() &&
      toolkit.#middlewares.length === 0
        ? startToolCall(...toolkit.#directCall(toolCall, options))
        : toolkit.callTool(toolCall, options);
    sharedSchemas = (toolkit, recheck) =>
      #readOnlySchemas in toolkit && toolkit.getJsonSchemas === Toolkit.prototype.getJsonSchemas
        ? toolkit.#readOnlySchemas(recheck)
        : toolkit.getJsonSchemas();
  }

  /**
   * The notes of the active groups, for the system prompt: one `## About Tool Group '<name>'`
   * section per group, as AgentScope writes them (empty when there are none).
   */
  getActivatedNotes(): string {
    return formatActivatedNotes(this.groups.values());
  }

  /**
   * The meta tool's logic: activates exactly the groups set to `true` and deactivates all others,
   * then returns the notes of the active groups.
   */
  resetEquippedTools(kwargs: Record<string, unknown>): ToolResponse {
    const toActivate: string[] = [];
    for (const [key, value] of Object.entries(kwargs)) {
      if (typeof value !== "boolean") {
        return toolResponse(
          `Invalid arguments: the argument ${key} should be a bool value, but got ${value === null ? "null" : typeof value}.`,
        );
      }
      if (value) toActivate.push(key);
    }
    this.updateToolGroups([...this.groups.keys()], false);
    this.updateToolGroups(toActivate, true);
    return toolResponse(formatMetaToolResult(toActivate, this.getActivatedNotes()));
  }

  /**
   * Registers the meta tool `reset_equipped_tools` in the `basic` group, so the agent can switch
   * tool groups itself. Its schema lists every group (a boolean each) and follows group changes.
   */
  registerMetaTool(): void {
    this.#metaTool ??= {
      name: META_TOOL_NAME,
      description: META_TOOL_DESCRIPTION,
      parameters: { type: "object", properties: {} },
      execute: (input) => this.resetEquippedTools(input),
    };
    if (this.tools.get(META_TOOL_NAME)?.tool === this.#metaTool) return;
    this.registerToolFunction(this.#metaTool);
  }

  /** Registers `view_task`, `wait_task` and `cancel_task` (once) in the `basic` group. */
  #registerTaskTools(): void {
    if (this.#taskTools) return;
    this.#taskTools = createTaskTools(this.tasks);
    for (const t of this.#taskTools) this.registerToolFunction(t, { namesakeStrategy: "skip" });
  }

  /** AgentScope's `view_task`: the result of a background task, or that it is still running. */
  async viewTask(taskId: string): Promise<ToolResponse> {
    return this.tasks.view(taskId);
  }

  /** AgentScope's `wait_task`: waits up to `timeout` seconds (default 10) for a background task. */
  async waitTask(taskId: string, timeout = 10): Promise<ToolResponse> {
    return this.tasks.wait(taskId, timeout);
  }

  /** AgentScope's `cancel_task`: aborts a background task through its signal. */
  async cancelTask(taskId: string): Promise<ToolResponse> {
    return this.tasks.cancel(taskId);
  }

  /** Cancels every background task and waits for them to stop. */
  async dispose(): Promise<void> {
    await this.tasks.cancelAll();
  }

  /** `await using toolkit = new Toolkit()` disposes it at the end of the scope. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }

  /** Adds a middleware around every tool call; the first registered is the outermost. */
  registerMiddleware(middleware: ToolMiddleware): void {
    this.#middlewares.push(middleware);
  }

  /**
   * Calls the tool named in `toolCall` and yields its responses (cumulative chunks for a
   * streaming tool). Never throws: an unknown or inactive tool, input that fails the schema, a
   * thrown error, a timeout and an abort through `signal` each end in a response the model can
   * read. Every response's text is capped at the tool's `maxOutputChars`.
   */
  callTool(
    toolCall: ToolUseBlock,
    options: CallToolOptions = {},
  ): AsyncGenerator<ToolResponse, void> {
    if (isTracingEnabled()) return this.#tracedCall(toolCall, options);
    if (this.#middlewares.length > 0) return this.#callToolThroughMiddlewares(toolCall, options);
    // No middleware (the usual case): the tool's own run, read directly; it still starts (checks
    // the tool and its arguments) when first read.
    return runToolCall(...this.#directCall(toolCall, options));
  }

  // How a call without middleware starts, and the cap every response goes through.
  #directCall(
    toolCall: ToolUseBlock,
    options: CallToolOptions,
  ): [() => ToolCallStart, (response: ToolResponse) => ToolResponse] {
    let cap: number | null | undefined;
    return [
      () => {
        cap = this.#capOf(toolCall);
        return this.#planCall(this.#kwargsOf(toolCall, options));
      },
      (response) => capToolResponse(response, cap),
    ];
  }

  #kwargsOf(toolCall: ToolUseBlock, options: CallToolOptions): ToolCallKwargs {
    return {
      toolCall,
      signal: options.signal ?? new AbortController().signal,
      agent: options.agent,
    };
  }

  #capOf(toolCall: ToolUseBlock): number | null | undefined {
    const own = this.tools.get(toolCall?.name)?.maxOutputChars;
    return own === undefined ? this.maxOutputChars : own;
  }

  async *#tracedCall(
    toolCall: ToolUseBlock,
    options: CallToolOptions,
  ): AsyncGenerator<ToolResponse, void> {
    yield* traceToolCall(this, toolCall, () => this.#callToolThroughMiddlewares(toolCall, options));
  }

  async *#callToolThroughMiddlewares(
    toolCall: ToolUseBlock,
    options: CallToolOptions,
  ): AsyncGenerator<ToolResponse, void> {
    const kwargs = this.#kwargsOf(toolCall, options);
    const cap = this.#capOf(toolCall);
    let last: ToolResponse | undefined;
    try {
      // Without middlewares the call's responses are read directly (no generator in between).
      const responses =
        this.#middlewares.length === 0 ? this.#startCall(kwargs) : this.#throughMiddlewares(kwargs);
      for await (const response of responses) {
        last = response;
        yield capToolResponse(response, cap);
      }
    } catch (error) {
      const text = `Error: ${errorMessage(error)}`;
      yield capToolResponse(
        last
          ? { ...last, content: [...last.content, { type: "text", text }], isLast: true }
          : toolResponse(text),
        cap,
      );
    }
  }

  #throughMiddlewares(kwargs: ToolCallKwargs): AsyncIterable<ToolResponse> {
    let handler = (kw: ToolCallKwargs): AsyncIterable<ToolResponse> => this.#callTool(kw);
    for (let i = this.#middlewares.length - 1; i >= 0; i--) {
      const middleware = this.#middlewares[i] as ToolMiddleware;
      const next = handler;
      handler = (kw) => middleware(kw, next);
    }
    return handler(kwargs);
  }

  // The innermost handler a middleware's `next` reaches: starts the call when first read.
  async *#callTool(kwargs: ToolCallKwargs): AsyncGenerator<ToolResponse, void> {
    yield* this.#startCall(kwargs);
  }

  // Starts the call now and returns its responses (see #planCall).
  #startCall(kwargs: ToolCallKwargs): AsyncIterable<ToolResponse> | Iterable<ToolResponse> {
    const plan = this.#planCall(kwargs);
    if (plan instanceof Promise) return settledResponse(plan);
    if (!("context" in plan)) return [plan];
    return runTool(plan);
  }

  // How the call starts: one response for an unknown tool, bad arguments (through the tool's
  // postprocess function) or a background task, else the run of the tool.
  #planCall(kwargs: ToolCallKwargs): ToolCallStart {
    const { toolCall, signal, agent } = kwargs;
    this.#refreshMetaTool();
    const tool = this.tools.get(toolCall.name);
    if (!tool) {
      return toolResponse(`FunctionNotFoundError: Cannot find the function named ${toolCall.name}`);
    }
    if (!this.#isActive(tool)) {
      return toolResponse(
        `FunctionInactiveError: The function '${toolCall.name}' is in the inactive group '${tool.group}'. Activate the tool group by calling 'reset_equipped_tools' first to use this tool.`,
      );
    }
    const post = tool.postprocessFunc;
    const input = this.#argumentsOf(tool, toolCall.input ?? {});
    if (typeof input === "string") {
      const response = toolResponse(input);
      return post ? postprocessed(post, toolCall, response) : response;
    }
    const executionTimeout =
      tool.executionTimeout === undefined ? this.executionTimeout : tool.executionTimeout;
    const options = (runSignal: AbortSignal, postprocessFunc?: ToolPostprocessFunc) => ({
      tool: tool.tool,
      toolCall,
      input,
      context: { signal: runSignal, toolCallId: toolCall.id, agent },
      postprocessFunc,
      executionTimeout,
    });
    if (tool.asyncExecution) {
      const taskId = this.tasks.start((taskSignal) => runTool(options(taskSignal)), {
        parent: signal,
        toolCall,
        postprocessFunc: post,
      });
      return toolResponse(taskStartedText(toolCall.name, taskId));
    }
    return options(signal, post);
  }

  /**
   * The arguments `execute` receives, or the error text the model reads when they fail the schema
   * (unless the tool answers those arguments itself: `ownArgumentErrors`).
   */
  #argumentsOf(tool: RegisteredToolFunction, given: unknown): Record<string, unknown> | string {
    try {
      if (!isPlainObject(given)) {
        throw new ValidationError(`arguments of tool '${tool.name}'`, [
          {
            path: "",
            message: `expected an object of named arguments, received ${Array.isArray(given) ? "array" : typeof given}`,
          },
        ]);
      }
      try {
        return tool.parseInput(given);
      } catch (error) {
        const own = tool.tool.ownArgumentErrors;
        const selfChecked =
          error instanceof ValidationError &&
          (own === true ||
            (own !== undefined &&
              error.issues.every((i) => own.includes(i.path.split(/[.[]/)[0] as string))));
        if (!selfChecked) throw error;
        return { ...given, ...tool.presetKwargs };
      }
    } catch (error) {
      return `InvalidArgumentsError: ${errorMessage(error)}`;
    }
  }

  #isActive(tool: RegisteredToolFunction): boolean {
    return tool.group === "basic" || this.groups.get(tool.group)?.active === true;
  }

  /** Keeps the meta tool's arguments in step with the groups (AgentScope does this on each read). */
  #refreshMetaTool(): void {
    const meta = this.tools.get(META_TOOL_NAME);
    if (!meta || meta.tool !== this.#metaTool) return;
    const parameters = metaToolParameters(this.groups.values());
    meta.setExtendedModel(parameters, parameters);
  }

  /** The toolkit's state: `{ active_groups: [...] }`, as AgentScope saves it. */
  override stateDict(): StateDict {
    const active: string[] = [];
    for (const group of this.groups.values()) if (group.active) active.push(group.name);
    return { active_groups: active };
  }

  /**
   * Restores the active groups saved by {@link stateDict}: the listed groups that exist become
   * active, all others inactive. With `strict`, keys other than `active_groups` are an error.
   */
  override loadStateDict(given: StateDict, strict = true): void {
    let state: StateDict;
    try {
      state = copyJsonValue(given) as StateDict;
    } catch (error) {
      throw stateErrorFrom(error, this);
    }
    const names = isPlainObject(state) ? state.active_groups : undefined;
    if (!Array.isArray(names) || !names.every((n) => typeof n === "string")) {
      throw new StateError(
        "The state dict of a Toolkit must be an object whose 'active_groups' is a list of group names, e.g. { active_groups: ['browser'] }.",
      );
    }
    if (strict) {
      const extra = Object.keys(state).filter((k) => k !== "active_groups");
      if (extra.length > 0) {
        throw new StateError(
          `Unexpected keys in the state dict of a Toolkit: ${extra.join(", ")}; only 'active_groups' is expected. Pass strict=false to ignore them.`,
        );
      }
    }
    const wanted = new Set(names);
    for (const group of this.groups.values()) group.active = wanted.has(group.name);
  }
}

// The one response of a call that never ran, through the tool's postprocess function.
async function postprocessed(
  post: ToolPostprocessFunc,
  toolCall: ToolUseBlock,
  response: ToolResponse,
): Promise<ToolResponse> {
  return (await post(toolCall, response)) ?? response;
}

// A response still coming, as the one item of a stream.
async function* settledResponse(response: Promise<ToolResponse>): AsyncGenerator<ToolResponse> {
  yield await response;
}
