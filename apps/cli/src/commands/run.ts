import { text } from "node:stream/consumers";
import { Msg, type ToolResultBlock } from "@agentscope-ts/core";
import { AGENT_NAME, type AgentSetup, setUpAgent } from "../agent/set-up-agent.js";
import type { CliOptions } from "../args/parse-args.js";
import { CliError, describeError, EXIT } from "../cli-error.js";
import type { CliIO } from "../cli-io.js";
import { openSpeechOutput } from "../speech/open-speech-output.js";
import type { SpeechOutput } from "../speech/speech-output.js";
import { EventRenderer } from "../terminal/event-renderer.js";
import { onQuitSignals } from "../terminal/quit-signals.js";
import { styleFor } from "../terminal/style.js";

/** How long stopping the MCP servers and the model may take when the user quits with Ctrl-C. */
const QUIT_CLEANUP_MS = 2000;

/** One tool call of a run, as `--json` reports it. */
export interface RunToolCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
  /** The result's text (media blocks as `[image]` etc.); `null` when it never finished. */
  output: string | null;
}

/** What `agentscope run --json` prints. */
export interface RunResult {
  /** The final answer's text. */
  reply: string | null;
  /** Whether Ctrl-C interrupted the run. */
  interrupted: boolean;
  /** `provider:name` of the model. */
  model: string;
  /** Token use summed over every model call of the reply. */
  usage: { input_tokens: number; output_tokens: number; time: number } | null;
  /** The tool calls made, in order. */
  tool_calls: RunToolCall[];
  /** The session saved to, if any. */
  session: string | null;
  /** What went wrong, when the run failed. */
  error?: string;
}

function outputText(result: ToolResultBlock): string {
  if (typeof result.output === "string") return result.output;
  return result.output.map((b) => (b.type === "text" ? b.text : `[${b.type}]`)).join("\n");
}

async function readTask(task: string | undefined, io: CliIO): Promise<string> {
  if (task !== undefined && task.trim() !== "") return task;
  if (io.stdin.isTTY !== true) {
    const piped = (await text(io.stdin)).trim();
    if (piped) return piped;
  }
  throw new CliError(
    'run needs a task: agentscope run "what to do" (or pipe it on stdin); see agentscope run --help',
    { exitCode: EXIT.usage },
  );
}

/**
 * `agentscope run "task"`: one reply, no prompts. Tool calls are shown on stderr, the answer is
 * printed on stdout (or, with `--json`, a {@link RunResult}). Tools that write or execute (and
 * MCP tools of untrusted servers) run only with `--yes`; without it the model is told the user
 * did not allow them. Ctrl-C interrupts (exit
 * 130), twice exits at once; SIGTERM and SIGHUP exit at once (143, 129), the MCP servers stopped. Returns the exit code: 0 done, 1 failed, 130 interrupted.
 */
export async function runTask(
  options: CliOptions,
  task: string | undefined,
  io: CliIO,
): Promise<number> {
  const taskText = await readTask(task, io);
  const renderer = new EventRenderer(io.stderr, styleFor(io.stderr, io.env), {
    agentName: AGENT_NAME,
    streamText: false,
  });

  let setup: AgentSetup | undefined;
  // Aborted when the user quits during set-up: stops the MCP servers still starting.
  const setupAbort = new AbortController();
  let settingUp: Promise<unknown> | undefined;
  let sigints = 0;
  // Set once the user quits: the run ends with it even if the reply finishes meanwhile.
  let quitCode: number | undefined;
  // Stops the MCP servers (bounded) and exits; a second call exits at once.
  const exitNow = async (code: number = EXIT.interrupted) => {
    if (quitCode !== undefined) process.exit(code);
    quitCode = code;
    setupAbort.abort(new Error("the user pressed Ctrl-C"));
    const cleanup = setup?.close() ?? settingUp ?? Promise.resolve();
    await Promise.race([cleanup, new Promise((r) => setTimeout(r, QUIT_CLEANUP_MS).unref())]);
    process.exit(code);
  };
  const onSigint = () => {
    sigints++;
    if (sigints > 1 || !setup?.agent.isReplying) {
      void exitNow();
      return;
    }
    void setup.agent.interrupt("the user pressed Ctrl-C");
  };
  process.on("SIGINT", onSigint);
  const offQuitSignals = onQuitSignals((code) => void exitNow(code));

  const result: RunResult = {
    reply: null,
    interrupted: false,
    model: "",
    usage: null,
    tool_calls: [],
    session: null,
  };
  const calls = new Map<string, RunToolCall>();
  let failure: unknown;
  let speech: SpeechOutput | undefined;
  try {
    const pending = setUpAgent(
      options,
      io,
      { policy: options.yes ? "allow" : "refuse" },
      setupAbort.signal,
    );
    settingUp = pending.catch(() => {});
    setup = await pending;
    result.model = setup.loaded.label;
    result.session = setup.session?.name ?? null;
    speech = openSpeechOutput(setup, options, io, (text) => io.stderr.write(`${text}\n`));
    // The stream throws the run's error after its `error` event; that event already recorded it.
    try {
      for await (const event of setup.agent.stream(new Msg("user", taskText, "user"))) {
        renderer.render(event);
        speech?.handle(event);
        if (event.type === "tool_call") {
          const call: RunToolCall = {
            id: event.toolUse.id,
            name: event.toolUse.name,
            input: event.toolUse.input,
            output: null,
          };
          calls.set(call.id, call);
          result.tool_calls.push(call);
        } else if (event.type === "tool_result_chunk" && event.last) {
          const call = calls.get(event.toolResult.id);
          if (call) call.output = outputText(event.toolResult);
        } else if (event.type === "reply") {
          result.reply = event.msg.getTextContent() ?? "";
          result.interrupted = event.interrupted;
          const usage = event.msg.usage;
          if (usage) {
            result.usage = {
              input_tokens: usage.inputTokens,
              output_tokens: usage.outputTokens,
              time: usage.time,
            };
          }
        } else if (event.type === "error") {
          failure = event.error;
        }
      }
    } catch (error) {
      if (error !== failure) throw error;
    }
    await setup.save();
  } catch (error) {
    failure = error;
  } finally {
    process.off("SIGINT", onSigint);
    offQuitSignals();
    await speech?.close();
    await setup?.close();
  }
  if (quitCode !== undefined) return quitCode;

  if (failure !== undefined) {
    result.error = describeError(failure);
    if (options.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    throw failure;
  }
  if (options.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else io.stdout.write(`${result.reply ?? ""}\n`);
  return result.interrupted ? EXIT.interrupted : EXIT.ok;
}
