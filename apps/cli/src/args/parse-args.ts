import { parseArgs } from "node:util";
import { type LogLevelName, parseLogLevel } from "@agentscope-ts/core";
import { CliError, EXIT } from "../cli-error.js";
import { closest } from "./did-you-mean.js";

/** The commands of `agentscope`. */
export type CommandName = "chat" | "run" | "sessions" | "help";

/** The command names, in the order help lists them. */
export const COMMANDS: readonly CommandName[] = ["chat", "run", "sessions", "help"];

/**
 * What `agentscope help TOPIC` explains: the commands parsed here and `serve` (which `main` hands
 * to its own parser before this one runs).
 */
export type HelpTopic = CommandName | "serve" | "eval";

/** Every subcommand of `agentscope`, as the main help lists them. */
export const HELP_TOPICS: readonly HelpTopic[] = [
  "chat",
  "run",
  "serve",
  "sessions",
  "eval",
  "help",
];

/** The options of `agentscope chat` and `agentscope run` (and what `sessions` uses of them). */
export interface CliOptions {
  /** `provider:name` from `--model`; unset picks by the environment. */
  model?: string;
  /** `--base-url` of an OpenAI-compatible server. */
  baseUrl?: string;
  /** `--api chat|responses`: which OpenAI API an OpenAI-compatible provider is spoken to with. */
  api?: "chat" | "responses";
  /** `--yes`: run the tools that write or execute (and untrusted MCP tools) without asking. */
  yes: boolean;
  /** `--mcp-config FILE`. */
  mcpConfig?: string;
  /** `--knowledge PATH`: a file or folder the agent retrieves from (RAG). */
  knowledge?: string;
  /** `--plan`: give the agent a plan notebook. */
  plan: boolean;
  /** `--session NAME`: load and save the conversation under this name. */
  session?: string;
  /** `--sessions-dir DIR`. */
  sessionsDir?: string;
  /** `--sys-prompt TEXT`. */
  sysPrompt?: string;
  /** `--max-iters N`: reasoning–acting steps per reply. */
  maxIters?: number;
  /** `--max-tokens N`: the longest answer per model call. */
  maxTokens?: number;
  /** `--context-size N`: the local model's context window. */
  contextSize?: number;
  /** `--threads N`: the local model's CPU threads. */
  threads?: number;
  /** `--model-timeout S`: seconds the model may stay silent before a call is retried. */
  modelTimeout?: number;
  /** `--mcp-timeout S`: seconds each MCP server may take to start and list its tools. */
  mcpTimeout?: number;
  /** `--no-tools`: no built-in tools. */
  noTools: boolean;
  /** `--json` (run): print the result as JSON. */
  json: boolean;
  /** `--debug`: stack traces and MCP server logs. */
  debug: boolean;
  /** `--trace URL`: the OTLP/HTTP endpoint runs are traced to. */
  trace?: string;
  /** `--speak`: play the replies through the system's audio player as they stream. */
  speak: boolean;
  /** `--speak-to DIR`: write each reply's speech to `DIR/reply-<n>.wav`. */
  speakTo?: string;
  /** `--tts PROVIDER[:MODEL]`: the text-to-speech model (default: picked by the API keys set). */
  tts?: string;
  /** `--studio URL`: the AgentScope Studio the run is shown in. */
  studio?: string;
  /** `--log-level LEVEL`: the lowest level the library logs (DEBUG, INFO, WARNING, ERROR). */
  logLevel?: LogLevelName;
  /** `--log-file FILE`: write the library's logs to FILE as JSON lines (rotated). */
  logFile?: string;
}

/** What the command line asks for. */
export type ParsedCommand =
  | { kind: "version" }
  | { kind: "help"; command?: HelpTopic }
  | { kind: "chat"; options: CliOptions }
  | { kind: "run"; options: CliOptions; task: string | undefined }
  | { kind: "sessions"; options: CliOptions };

const OPTIONS = {
  model: { type: "string", short: "m" },
  "base-url": { type: "string" },
  api: { type: "string" },
  yes: { type: "boolean", short: "y" },
  "mcp-config": { type: "string" },
  "mcp-timeout": { type: "string" },
  knowledge: { type: "string", short: "k" },
  plan: { type: "boolean" },
  session: { type: "string", short: "s" },
  "sessions-dir": { type: "string" },
  "sys-prompt": { type: "string" },
  "max-iters": { type: "string" },
  "max-tokens": { type: "string" },
  "context-size": { type: "string" },
  threads: { type: "string" },
  "model-timeout": { type: "string" },
  "no-tools": { type: "boolean" },
  trace: { type: "string" },
  speak: { type: "boolean" },
  "speak-to": { type: "string" },
  tts: { type: "string" },
  studio: { type: "string" },
  "log-level": { type: "string" },
  "log-file": { type: "string" },
  json: { type: "boolean" },
  debug: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "V" },
} as const;

// Which flags each command accepts (besides --help, --version, --debug).
const AGENT_FLAGS = [
  "model",
  "base-url",
  "api",
  "yes",
  "mcp-config",
  "mcp-timeout",
  "knowledge",
  "plan",
  "session",
  "sessions-dir",
  "sys-prompt",
  "max-iters",
  "max-tokens",
  "context-size",
  "threads",
  "model-timeout",
  "no-tools",
  "trace",
  "speak",
  "speak-to",
  "tts",
  "studio",
  "log-level",
  "log-file",
];
const ALLOWED: Record<Exclude<CommandName, "help">, readonly string[]> = {
  chat: AGENT_FLAGS,
  run: [...AGENT_FLAGS, "json"],
  sessions: ["sessions-dir"],
};

function usageError(message: string, command?: CommandName): CliError {
  const help = command && command !== "help" ? `agentscope ${command} --help` : "agentscope --help";
  return new CliError(`${message} (see ${help})`, { exitCode: EXIT.usage });
}

function positiveInt(flag: string, value: string | undefined, command: CommandName) {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) {
    throw usageError(
      `--${flag} needs a positive whole number, got ${JSON.stringify(value)}`,
      command,
    );
  }
  return n;
}

function isCommand(word: string | undefined): word is CommandName {
  return COMMANDS.includes(word as CommandName);
}

/**
 * Parses the arguments after `agentscope`: the command (`chat` when none is given), its flags and
 * its positionals. Throws a {@link CliError} (exit code 2) naming the bad flag or value.
 */
export function parseCliArgs(argv: readonly string[]): ParsedCommand {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const first = argv.find((a) => !a.startsWith("-"));
    const command = isCommand(first) ? first : undefined;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      const flag = /'([^']+)'/.exec((error as Error).message)?.[1] ?? "?";
      const known = Object.keys(OPTIONS).map((name) => `--${name}`);
      const guess = flag.startsWith("--") ? closest(flag.split("=")[0] ?? flag, known) : undefined;
      const hint = guess ? `; did you mean ${guess}?` : "";
      throw usageError(`unknown option ${flag}${hint}`, command);
    }
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
      const flag = /(--[\w-]+)/.exec((error as Error).message)?.[1] ?? "an option";
      throw usageError(`${flag} needs a value`, command);
    }
    throw usageError((error as Error).message, command);
  }
  const { values, positionals } = parsed;
  const [first, ...rest] = positionals;
  let command: CommandName = "chat";
  let args = positionals;
  if (isCommand(first)) {
    command = first;
    args = rest;
  }

  if (values.version) return { kind: "version" };
  if (command === "help") {
    const topic = args[0];
    if (topic !== undefined && !HELP_TOPICS.includes(topic as HelpTopic))
      throw usageError(`no command ${JSON.stringify(topic)}`);
    return topic === undefined || topic === "help"
      ? { kind: "help" }
      : { kind: "help", command: topic as HelpTopic };
  }
  if (values.help) return { kind: "help", ...(first === command ? { command } : {}) };

  const allowed = ALLOWED[command];
  for (const [flag, value] of Object.entries(values)) {
    if (value === undefined || flag === "debug" || flag === "help" || flag === "version") continue;
    if (!allowed.includes(flag))
      throw usageError(`--${flag} does not apply to '${command}'`, command);
  }

  const options: CliOptions = {
    yes: values.yes ?? false,
    plan: values.plan ?? false,
    noTools: values["no-tools"] ?? false,
    speak: values.speak ?? false,
    json: values.json ?? false,
    debug: values.debug ?? false,
  };
  const text = (flag: keyof typeof OPTIONS): string | undefined => {
    const value = values[flag];
    if (typeof value !== "string") return undefined;
    if (value.trim() === "") throw usageError(`--${flag} needs a value`, command);
    return value;
  };
  const set = <K extends keyof CliOptions>(key: K, value: CliOptions[K] | undefined) => {
    if (value !== undefined) options[key] = value;
  };
  set("model", text("model"));
  set("baseUrl", text("base-url"));
  const api = text("api");
  if (api !== undefined && api !== "chat" && api !== "responses") {
    throw usageError(`--api takes 'chat' or 'responses', got ${JSON.stringify(api)}`, command);
  }
  set("api", api);
  set("mcpConfig", text("mcp-config"));
  set("knowledge", text("knowledge"));
  set("trace", text("trace"));
  set("speakTo", text("speak-to"));
  set("tts", text("tts"));
  if (options.tts !== undefined && !options.speak && options.speakTo === undefined) {
    throw usageError(
      "--tts chooses the voice of --speak or --speak-to DIR: add one of them",
      command,
    );
  }
  set("studio", text("studio"));
  const logLevel = text("log-level");
  if (logLevel !== undefined) {
    try {
      const level = parseLogLevel(logLevel, "--log-level");
      options.logLevel = level === "warn" ? "warning" : level;
    } catch {
      throw usageError(
        `--log-level takes DEBUG, INFO, WARNING or ERROR (or lower case), got ${JSON.stringify(logLevel)}`,
        command,
      );
    }
  }
  set("logFile", text("log-file"));
  set("session", text("session"));
  set("sessionsDir", text("sessions-dir"));
  set("sysPrompt", values["sys-prompt"]);
  set("maxIters", positiveInt("max-iters", values["max-iters"], command));
  set("maxTokens", positiveInt("max-tokens", values["max-tokens"], command));
  set("contextSize", positiveInt("context-size", values["context-size"], command));
  set("threads", positiveInt("threads", values.threads, command));
  set("modelTimeout", positiveInt("model-timeout", values["model-timeout"], command));
  set("mcpTimeout", positiveInt("mcp-timeout", values["mcp-timeout"], command));
  if (options.session !== undefined && /[/\\\0]|^\.\.?$/.test(options.session)) {
    throw usageError(
      `--session ${JSON.stringify(options.session)} is not a valid name: it becomes a file name, so use letters, digits, '-' or '_'`,
      command,
    );
  }

  if (command === "run")
    return { kind: "run", options, task: args.length > 0 ? args.join(" ") : undefined };
  if (args.length > 0) {
    const hint =
      command === "chat"
        ? `; to give the agent a task from the command line use: agentscope run ${JSON.stringify(args.join(" "))}`
        : "";
    throw usageError(`unexpected argument ${JSON.stringify(args[0])}${hint}`, command);
  }
  return command === "sessions" ? { kind: "sessions", options } : { kind: "chat", options };
}
