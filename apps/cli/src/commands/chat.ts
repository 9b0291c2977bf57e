import { Msg, UserAgent } from "@agentscope-ts/core";
import type { StudioConnection } from "@agentscope-ts/studio";
import { AGENT_NAME, type AgentSetup, setUpAgent } from "../agent/set-up-agent.js";
import type { CliOptions } from "../args/parse-args.js";
import { describeError, EXIT } from "../cli-error.js";
import type { CliIO } from "../cli-io.js";
import { openSpeechOutput } from "../speech/open-speech-output.js";
import type { SpeechOutput } from "../speech/speech-output.js";
import { nextTurn } from "../studio/next-turn.js";
import { EventRenderer } from "../terminal/event-renderer.js";
import { LineSource } from "../terminal/line-source.js";
import { onQuitSignals } from "../terminal/quit-signals.js";
import { styleFor } from "../terminal/style.js";
import type { AskUser } from "../tools/confirmation.js";
import { isSlashCommand, resumeRecap, runSlashCommand } from "./slash-commands.js";

/** How long closing MCP servers and the model may take when the user quits with Ctrl-C. */
const QUIT_CLEANUP_MS = 2000;

function banner(setup: AgentSetup, options: CliOptions): string {
  const tools = [`${setup.toolCounts.builtin} built-in`];
  if (setup.mcp) tools.push(`${setup.toolCounts.mcp} from MCP`);
  const parts = [
    `model ${setup.loaded.label} (${setup.choice.reason})`,
    `tools: ${tools.join(" + ")}`,
  ];
  if (options.plan) parts.push("plan notebook");
  if (setup.tts) parts.push(`speech ${setup.tts.label} (${setup.tts.choice.reason})`);
  if (setup.session) {
    const { name, resumed, store } = setup.session;
    parts.push(`session "${name}" ${resumed ? "resumed" : "new"} (${store.pathOf(name)})`);
  }
  const consent =
    setup.toolCounts.builtin + setup.toolCounts.mcp > 0 && !options.yes
      ? " Tools that write files, run code or call untrusted MCP servers ask first (--yes skips)."
      : "";
  return `agentscope chat · ${parts.join(" · ")}\nCtrl-C interrupts a reply, Ctrl-C twice exits, Ctrl-D or /exit quits, /help lists commands.${consent}\n`;
}

/**
 * `agentscope chat`: reads messages line by line (typed or piped) and streams the agent's replies.
 * Ctrl-C interrupts the running reply (the agent answers that it was interrupted); a second
 * Ctrl-C before the next message exits (code 130); SIGTERM and SIGHUP exit at once (143, 129),
 * the MCP servers stopped. The session is saved after every turn. Returns
 * the exit code: 0, or 1 when input was piped and a turn failed.
 */
export async function runChat(
  options: CliOptions,
  io: CliIO,
  studio?: StudioConnection,
): Promise<number> {
  const interactive = io.stdin.isTTY === true;
  const lines = new LineSource(io.stdin, io.stdout);
  const style = styleFor(io.stdout, io.env);
  const errStyle = styleFor(io.stderr, io.env);
  const renderer = new EventRenderer(io.stdout, style, { agentName: AGENT_NAME, streamText: true });

  const ask: AskUser = async (question, signal, toolCall) => {
    // The tool-call line first (its event may not have been drawn yet), the question on its own line.
    renderer.toolCall(toolCall);
    renderer.newline();
    io.stdout.write(style.bold(question));
    const answer = await lines.next(signal);
    if (!interactive) io.stdout.write(`${answer ?? ""}\n`);
    return /^\s*y(es)?\s*$/i.test(answer ?? "");
  };

  let setup: AgentSetup | undefined;
  // Set while the agent is being set up: quitting then stops the MCP servers still starting.
  const setupAbort = new AbortController();
  let settingUp: Promise<unknown> | undefined;
  // Before a first-run model download (on a terminal only: piped chat needs --yes, like run).
  const askDownload = async (question: string): Promise<boolean> => {
    io.stdout.write(style.bold(question));
    const answer = await lines.next(setupAbort.signal);
    return /^\s*y(es)?\s*$/i.test(answer ?? "");
  };

  let exitArmed = false;
  // Set once the user quits: chat ends with it even if the input ends meanwhile.
  let quitCode: number | undefined;
  const quit = async (code: number = EXIT.interrupted) => {
    if (quitCode !== undefined) return;
    quitCode = code;
    renderer.newline();
    setupAbort.abort(new Error("the user quit"));
    const cleanup = setup?.close() ?? settingUp ?? Promise.resolve();
    await Promise.race([cleanup, new Promise((r) => setTimeout(r, QUIT_CLEANUP_MS).unref())]);
    process.exit(code);
  };
  const onSigint = () => {
    if (exitArmed || !setup) {
      void quit();
      return;
    }
    exitArmed = true;
    if (setup.agent.isReplying) {
      void setup.agent.interrupt("the user pressed Ctrl-C");
      renderer.note(style.dim("^C interrupted (Ctrl-C again exits)"));
    } else {
      renderer.note(style.dim("^C (Ctrl-C again exits; Ctrl-D or /exit quits)"));
      if (interactive) io.stdout.write("> ");
    }
  };
  process.on("SIGINT", onSigint);
  lines.readline.on("SIGINT", onSigint);
  const offQuitSignals = onQuitSignals((code) => void quit(code));

  let failedTurns = 0;
  let speech: SpeechOutput | undefined;
  // The user as Studio sees them: its prints (each turn) are forwarded to Studio, nothing else.
  const user = new UserAgent({ name: "user", consoleOutputEnabled: false });
  try {
    const pending = setUpAgent(
      options,
      io,
      options.yes
        ? { policy: "allow" }
        : { policy: "ask", ask, ...(interactive ? { askDownload } : {}) },
      setupAbort.signal,
    );
    settingUp = pending.catch(() => {});
    setup = await pending;
    io.stderr.write(banner(setup, options));
    speech = openSpeechOutput(setup, options, io, (text) =>
      io.stderr.write(`${errStyle.dim(text)}\n`),
    );
    const { agent } = setup;
    if (setup.session?.resumed) {
      io.stderr.write(errStyle.dim(resumeRecap(await agent.memory.getMemory())));
    }
    for (;;) {
      if (interactive) io.stdout.write("> ");
      let line: string | null;
      if (studio) {
        // The turn comes from the terminal or from Studio's run page, whichever answers first.
        const turn = await nextTurn(lines, studio, user);
        line = turn.line;
        if (turn.fromStudio) io.stdout.write(`${line}  ${style.dim("(from AgentScope Studio)")}\n`);
      } else {
        line = await lines.next();
      }
      // A line ending with a backslash continues on the next one.
      while (line?.endsWith("\\")) {
        if (interactive) io.stdout.write(". ");
        const more = await lines.next();
        line = more === null ? line.slice(0, -1) : `${line.slice(0, -1)}\n${more}`;
      }
      if (line === null) {
        // Ctrl-D: leave the shell's prompt on a line of its own.
        if (interactive) io.stdout.write("\n");
        break;
      }
      const text = line.trim();
      if (text === "") continue;
      exitArmed = false;
      if (isSlashCommand(text)) {
        if ((await runSlashCommand(text, { setup, options, io })) === "exit") break;
        continue;
      }

      for (const failure of (await setup.mcp?.reconnectLost()) ?? []) {
        io.stderr.write(`${errStyle.red(`agentscope: ${failure}`)}\n`);
      }
      // The stream throws the run's error after its `error` event, which reported it already.
      let reported: { error: unknown } | undefined;
      const input = new Msg("user", text, "user");
      // Studio shows the user's turn as a user reply (its print is forwarded there).
      if (studio) await user.print(input);
      try {
        for await (const event of agent.stream(input)) {
          renderer.render(event);
          speech?.handle(event);
          if (event.type === "error") {
            reported = { error: event.error };
            failedTurns++;
            renderer.newline();
            io.stderr.write(`${errStyle.red(`agentscope: ${describeError(event.error)}`)}\n`);
            if (options.debug) io.stderr.write(`${(event.error as Error)?.stack ?? event.error}\n`);
          }
        }
      } catch (error) {
        if (!reported || error !== reported.error) throw error;
      } finally {
        await speech?.endReply();
      }
      renderer.newline();
      try {
        await setup.save();
      } catch (error) {
        io.stderr.write(`${errStyle.red(`agentscope: ${describeError(error)}`)}\n`);
        failedTurns++;
      }
    }
  } finally {
    process.off("SIGINT", onSigint);
    offQuitSignals();
    lines.close();
    await speech?.close();
    await setup?.close();
  }
  if (quitCode !== undefined) return quitCode;
  return !interactive && failedTurns > 0 ? EXIT.failure : EXIT.ok;
}
