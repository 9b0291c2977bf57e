import type { HelpTopic } from "./parse-args.js";

const MODEL_FLAGS = `Model:
  -m, --model PROVIDER:NAME  the model, e.g. openai:gpt-4.1-mini, anthropic:claude-sonnet-4-5,
                             gemini:gemini-2.5-flash, dashscope:qwen-plus, ollama:qwen2.5,
                             llama-cpp:/path/to/model.gguf (or a URL). A bare provider uses its
                             default model. Without --model: the first of OPENAI_API_KEY,
                             ANTHROPIC_API_KEY, GEMINI_API_KEY, DASHSCOPE_API_KEY, OLLAMA_HOST
                             found in the environment, else the embedded local model
                             (downloaded once, about 1.1 GB; AGENTSCOPE_MODEL_URL overrides it)
      --base-url URL         an OpenAI-compatible server (vLLM, LM Studio, a proxy…)
      --api chat|responses   the OpenAI API to use: Chat Completions (default) or Responses
      --max-tokens N         the longest answer per model call
      --context-size N       context window of a local model (tokens)
      --threads N            CPU threads of a local model
      --model-timeout S      seconds the model may stay silent before a call is retried
                             (default 120; Ollama 600; the local model none)`;

const AGENT_FLAGS = `Agent:
  -y, --yes                  run tools that write files, run code or call untrusted MCP
                             servers without asking, and download a local model that is
                             not on disk yet (chat asks on a terminal; run needs --yes)
      --no-tools             no built-in tools (shell, Python, text files)
      --mcp-config FILE      MCP servers, as other MCP clients write them:
                             {"mcpServers": {"name": {"command", "args", "env"} | {"url", "headers"}}}
                             ("trusted": true lets a server's tools run without asking)
      --mcp-timeout S        seconds each MCP server may take to start and list its tools
                             (default 30)
  -k, --knowledge PATH       a file or folder (.pdf .docx .xlsx .pptx .md .txt…) the agent
                             retrieves from: chunked, embedded with the provider's embedding
                             model (or a local one) and kept in $AGENTSCOPE_HOME/knowledge;
                             unchanged files are reused on the next run
      --plan                 give the agent a plan notebook for multi-step tasks
  -s, --session NAME         resume and save the conversation (saved after every turn)
      --sessions-dir DIR     where sessions live (default $AGENTSCOPE_HOME/sessions,
                             else ~/.agentscope/sessions)
      --sys-prompt TEXT      replace the system prompt
      --max-iters N          reasoning/tool steps per reply (default 10)
      --trace URL            send OpenTelemetry traces of each run to an OTLP/HTTP endpoint
                             (Jaeger, Langfuse, Phoenix…; default OTEL_EXPORTER_OTLP_ENDPOINT)
      --speak                speak the replies as they stream, through aplay, ffplay or
                             afplay (the first on PATH)
      --speak-to DIR         write each reply's speech to DIR/reply-<n>.wav
      --tts PROVIDER[:MODEL] the voice: openai (gpt-4o-mini-tts), gemini or dashscope
                             (default: the chat provider's, else the first key set)
      --studio URL           show the run in AgentScope Studio (messages, traces; chat turns
                             answered in the terminal or in Studio; default AGENTSCOPE_STUDIO_URL)
      --log-level LEVEL      the library's log level: DEBUG, INFO, WARNING or ERROR, or lower
                             case (default INFO)
      --log-file FILE        write the library's logs (and the run's start and end) to FILE
                             as JSON lines, rotated at 10 MiB, instead of stderr`;

const COMMON_FLAGS = `Other:
      --debug                stack traces and MCP server logs on errors
  -h, --help                 this help
  -V, --version              the version`;

/** The help of `agentscope serve` (parsed by `commands/serve.ts`, kept here so help loads no server). */
export const SERVE_HELP = `agentscope serve: the agent as an HTTP service (@agentscope-ts/server)

Usage: agentscope serve [options]

  --model PROVIDER:NAME   the model (as for chat); --base-url URL overrides its endpoint
  --sys-prompt TEXT       the agent's system prompt
  --port N                port to listen on (default 8080; 0 picks a free one)
  --host ADDR             address to bind (default 127.0.0.1)
  --token TOKEN=USER      a bearer token and the user it stands for (repeatable;
                          or AGENTSCOPE_SERVER_TOKENS="t1=alice,t2=bob")
  --allow-anonymous       no auth: every request is user "anonymous" (local use only)

Storage (default: SQLite in $AGENTSCOPE_HOME/server/sessions.db, else
~/.agentscope/server/sessions.db; sessions and parked approvals survive a restart):
  --store FILE            this SQLite file instead (one node)
  --postgres URL          sessions in PostgreSQL (postgres://…; the table
                          agentscope_server_checkpoints is created on first use); alone on
                          one node, or with --redis for every replica's checkpoints
  --redis URL             leases, events and checkpoints in Redis, shared by replicas
                          (redis://… or rediss://…; checkpoints in --postgres if given)
  --in-memory             keep nothing: sessions end with the process (tests, demos)
  AGENTSCOPE_REDIS_URL and AGENTSCOPE_POSTGRES_URL stand in for --redis and --postgres
  (keeps passwords off the command line).

Logging (one JSON line per request and per run transition, secrets masked):
  --log-level LEVEL       DEBUG, INFO, WARNING or ERROR, or lower case (default INFO)
  --log-file FILE         write the JSON lines to FILE (rotated at 10 MiB, 5 old files
                          kept) instead of stderr

Other:
  --debug                 stack traces on errors
  -h, --help              this help
  -V, --version           the version

Routes: POST /v1/sessions/:id/messages, GET /v1/sessions/:id/events (SSE; ?protocol=ag-ui),
POST …/interrupt, POST …/approvals/:toolCallId, GET and DELETE /v1/sessions/:id.
The agent has no tools here: it is a chat service. Stop with Ctrl-C.
`;

/** The help of `agentscope eval` (parsed by `commands/eval.ts`). */
export const EVAL_HELP = `agentscope eval: run benchmarks and report on them (@agentscope-ts/evaluate)

Usage:
  agentscope eval run MODULE [options]   run a benchmark module, with progress and ETA
  agentscope eval report DIR [options]   write DIR/report.html and print the summary table

MODULE (.ts or .js) exports default defineEvaluation({ name, benchmark, solution, nRepeat?,
nWorkers?, timeoutMs? }). Results go to the output folder in AgentScope's layout; run the same
command again after a crash or Ctrl-C to resume (finished solutions are not run again).

  -o, --out DIR            output folder (run; default eval-results/<name>) or report file
                           (report; default DIR/report.html)
      --repeat N           repeats per task (default: the module's nRepeat, else 1)
      --workers N          solutions at once (default: the module's nWorkers, else 1)
      --timeout S          seconds per solution (default: the module's, else 600)
      --pass-threshold X   a numerical result at or above X passes, for pass@k (default 1)
      --debug              stack traces on errors
  -h, --help               this help
`;

const HELP: Record<HelpTopic | "main", string> = {
  main: `agentscope: a ReAct agent in your terminal (AgentScope-TS)

Usage:
  agentscope [chat] [options]        chat with the agent (the default command)
  agentscope run [options] "task"    do one task and print the answer (for scripts)
  agentscope serve [options]         serve the agent over HTTP (sessions, SSE, AG-UI)
  agentscope sessions [options]      list saved sessions
  agentscope eval run|report …       run a benchmark, or report on its results
  agentscope help [command]          help on a command

Examples:
  agentscope                                    # picks a model from your environment
  agentscope --model openai:gpt-4.1-mini --session work
  agentscope run --yes --json "How many files are in this folder?"
  agentscope --mcp-config mcp.json --plan
  agentscope --knowledge ./docs                 # answers from your documents

Run 'agentscope <command> --help' for the options of a command. --debug, --help and --version
go before or after the command.
`,
  chat: `agentscope chat: chat with a ReAct agent in the terminal

Usage: agentscope [chat] [options]

Type a message and press Enter. The reply streams as it is generated (thinking dimmed), tool
calls and results are shown in short. Ctrl-C interrupts the reply, Ctrl-C twice exits; Ctrl-D or
/exit quits. A line ending with \\ continues on the next line. Tools that write files, run code
or call MCP servers not marked "trusted" ask for confirmation unless --yes.

Commands: /help, /clear (forget the conversation), /sessions, /model, /tools, /exit.

${MODEL_FLAGS}

${AGENT_FLAGS}

${COMMON_FLAGS}
`,
  run: `agentscope run: do one task without prompts and print the final answer

Usage: agentscope run [options] "task"     (or pipe the task on stdin)

Tool calls are shown on stderr; the answer goes to stdout. Tools that write files, run code or
call MCP servers not marked "trusted" are refused unless --yes. Exit code: 0 done, 1 failed, 2 bad command line, 130 interrupted.

      --json                 print {"reply", "usage", "tool_calls", …} as JSON on stdout

${MODEL_FLAGS}

${AGENT_FLAGS}

${COMMON_FLAGS}
`,
  sessions: `agentscope sessions: list saved sessions

Usage: agentscope sessions [--sessions-dir DIR]

Prints each session's name, when it was last saved and how many messages it holds. Resume one
with 'agentscope --session NAME'.

      --sessions-dir DIR     where sessions live (default $AGENTSCOPE_HOME/sessions,
                             else ~/.agentscope/sessions)

${COMMON_FLAGS}
`,
  serve: SERVE_HELP,
  eval: EVAL_HELP,
  help: "",
};

/** The help text of `command` (or of `agentscope` itself). */
export function helpText(command?: HelpTopic): string {
  return command && command !== "help" ? HELP[command] : HELP.main;
}
