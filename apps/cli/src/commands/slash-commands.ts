import type { Msg } from "@agentscope-ts/core";
import type { AgentSetup } from "../agent/set-up-agent.js";
import { closest } from "../args/did-you-mean.js";
import type { CliOptions } from "../args/parse-args.js";
import type { CliIO } from "../cli-io.js";
import { listSessions } from "./sessions.js";

/** The slash commands of `agentscope chat`, with what each does (as `/help` lists them). */
export const SLASH_COMMANDS: readonly (readonly [name: string, what: string])[] = [
  ["/help", "list these commands"],
  ["/clear", "forget this conversation (the agent's memory; the session too)"],
  ["/sessions", "list the saved sessions"],
  ["/model", "show the model in use"],
  ["/tools", "list the agent's tools"],
  ["/exit", "quit (also /quit or Ctrl-D)"],
];

/** What the chat loop does after a slash command. */
export type SlashResult = "exit" | "continue";

/** What slash commands act on. */
export interface SlashContext {
  setup: AgentSetup;
  options: CliOptions;
  io: CliIO;
}

/**
 * Whether `text` is a slash command (`/word`, alone or with arguments) rather than a message:
 * `/help` is, `/usr/bin/env is what?` is not (a path goes to the model).
 */
export function isSlashCommand(text: string): boolean {
  return /^\/[A-Za-z][\w-]*(\s|$)/.test(text.trim());
}

/** The `/help` text: one line per command. */
export function slashHelp(): string {
  const width = Math.max(...SLASH_COMMANDS.map(([name]) => name.length));
  return `${SLASH_COMMANDS.map(([name, what]) => `  ${name.padEnd(width)}  ${what}`).join("\n")}\n  A line ending with \\ continues on the next line.\n`;
}

/**
 * Runs the slash command `text`. An unknown command is answered with the list (and a guess),
 * never sent to the model.
 */
export async function runSlashCommand(text: string, ctx: SlashContext): Promise<SlashResult> {
  const { setup, io } = ctx;
  const name = text.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  switch (name) {
    case "/exit":
    case "/quit":
      return "exit";
    case "/help":
      io.stdout.write(`Commands:\n${slashHelp()}`);
      return "continue";
    case "/clear": {
      const count = await setup.agent.memory.size();
      await setup.agent.memory.clear();
      await setup.save();
      io.stdout.write(`Cleared the conversation (${count} message${count === 1 ? "" : "s"}).\n`);
      return "continue";
    }
    case "/sessions":
      await listSessions(ctx.options, io);
      return "continue";
    case "/model":
      io.stdout.write(`model ${setup.loaded.label} (${setup.choice.reason})\n`);
      return "continue";
    case "/tools": {
      const names = [...setup.agent.toolkit.tools.keys()].sort();
      io.stdout.write(
        names.length === 0
          ? "No tools (started with --no-tools and no MCP servers).\n"
          : `${names.length} tool${names.length === 1 ? "" : "s"}: ${names.join(", ")}\n`,
      );
      return "continue";
    }
    default: {
      const known = SLASH_COMMANDS.map(([command]) => command);
      const guess = closest(name, [...known, "/quit"]);
      io.stdout.write(
        `Unknown command ${name}${guess ? ` (did you mean ${guess}?)` : ""}. Commands:\n${slashHelp()}`,
      );
      return "continue";
    }
  }
}

/**
 * A short recap of a resumed conversation: how many messages, and the last thing said by the
 * user and by the agent (each cut to one short line).
 */
export function resumeRecap(messages: readonly Msg[]): string {
  if (messages.length === 0) return "The session is empty.\n";
  const gist = (msg: Msg | undefined) => {
    const text = (msg?.getTextContent() ?? "").replace(/\s+/g, " ").trim();
    return text.length > 70 ? `${text.slice(0, 70)}…` : text;
  };
  const lastUser = [...messages].reverse().find((m) => m.role === "user");
  const lastAgent = [...messages].reverse().find((m) => m.role === "assistant");
  const lines = [`Resumed ${messages.length} message${messages.length === 1 ? "" : "s"}.`];
  if (lastUser) lines.push(`  you: ${gist(lastUser)}`);
  if (lastAgent) lines.push(`  ${lastAgent.name}: ${gist(lastAgent)}`);
  return `${lines.join("\n")}\n`;
}
