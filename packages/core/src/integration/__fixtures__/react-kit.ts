import { z } from "zod";
import { ReActAgent } from "../../agent/react-agent.js";
import type { ReActAgentOptions } from "../../agent/react-agent-options.js";
import { abortableSleep } from "../../model/abortable-sleep.js";
import { ScriptedChatModel, type ScriptStep } from "../../testing/scripted-chat-model.js";
import { tool } from "../../tool/define-tool.js";
import type { ToolDefinition } from "../../tool/tool-definition.js";

import { PlainFormatter } from "../../testing/plain-formatter.js";

export { PlainFormatter };

/** The text of every formatted message of a recorded prompt, joined (to search prompts). */
export function promptText(messages: readonly Record<string, unknown>[]): string {
  return messages.map((m) => JSON.stringify(m.content)).join("\n");
}

/** A ReActAgent on a scripted model and the plain formatter, with console output off. */
export function makeAgent(
  script: ScriptStep[],
  options: Partial<ReActAgentOptions> & { modelOptions?: Record<string, unknown> } = {},
): { agent: ReActAgent; model: ScriptedChatModel } {
  const { modelOptions, ...rest } = options;
  const model = new ScriptedChatModel({ script, ...modelOptions });
  const agent = new ReActAgent({
    name: "Friday",
    sysPrompt: "You are a helpful assistant named Friday.",
    model,
    formatter: new PlainFormatter(),
    ...rest,
  });
  agent.setConsoleOutputEnabled(false);
  return { agent, model };
}

/** What a timed tool recorded: when each call started and ended (ms, `performance.now()`). */
export interface TimedCall {
  name: string;
  start: number;
  end: number;
}

/** A tool that waits `ms` milliseconds (abortably) then answers `done <name>`, recording times. */
export function sleepyTool(name: string, ms: number, log: TimedCall[]): ToolDefinition {
  return tool({
    name,
    description: `Waits ${ms} ms.`,
    parameters: z.object({}),
    execute: async (_input, ctx) => {
      const entry: TimedCall = { name, start: performance.now(), end: Number.NaN };
      log.push(entry);
      await abortableSleep(ms, ctx.signal);
      entry.end = performance.now();
      return `done ${name}`;
    },
  });
}
