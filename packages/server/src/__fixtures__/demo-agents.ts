// Deterministic agents for the server's tests: a ScriptedChatModel whose answer is a pure
// function of the prompt, so any replica (any process) continues a run the same way.
import {
  FormatterBase,
  type Msg,
  ReActAgent,
  type ToolDefinition,
  Toolkit,
  tool,
} from "@agentscope-ts/core";
import { ScriptedChatModel, type ScriptStepFunction } from "@agentscope-ts/core/testing";
import { z } from "zod";
import type { AgentFactory } from "../session-runner.js";

/** Each message becomes `{ role, name, content }`. */
export class PlainFormatter extends FormatterBase {
  async format(msgs: readonly Msg[]): Promise<Record<string, unknown>[]> {
    return msgs.map((m) => ({ role: m.role, name: m.name, content: structuredClone(m.content) }));
  }
}

/** What the tools did, in this process. */
export const toolLog: string[] = [];

function lastText(messages: readonly Record<string, unknown>[]): {
  role: string;
  text: string;
  toolOutput: string | null;
} {
  const last = messages[messages.length - 1] ?? {};
  const content = last.content;
  if (typeof content === "string") return { role: String(last.role), text: content, toolOutput: null };
  const blocks = (content ?? []) as Record<string, unknown>[];
  const result = blocks.find((b) => b.type === "tool_result");
  if (result) {
    const out = result.output as { text?: string }[] | string;
    return {
      role: String(last.role),
      text: "",
      toolOutput: typeof out === "string" ? out : out.map((o) => o.text ?? "").join(""),
    };
  }
  const text = blocks.map((b) => (b.type === "text" ? String(b.text) : "")).join("");
  return { role: String(last.role), text, toolOutput: null };
}

// "call <tool> <arg>" asks for a tool; a tool result is answered "Done: …"; else an echo.
const step: ScriptStepFunction = (messages, _options, index) => {
  const last = lastText(messages);
  if (last.toolOutput !== null) {
    return { text: `Done: ${last.toolOutput}. ${"Some more detail. ".repeat(8)}` };
  }
  const call = /call (\w+) (\w+)/.exec(last.text);
  if (call) {
    return {
      toolCalls: [{ id: `tc_${index}_${call[1]}`, name: call[1] as string, input: { arg: call[2] } }],
    };
  }
  return { text: `Echo: ${last.text} `.repeat(3) };
};

/** The tools: `lookup` (idempotent), `send_email` and `delete_file` (not). */
export function demoTools(): ToolDefinition[] {
  const make = (name: string) =>
    tool({
      name,
      description: `The ${name} tool.`,
      parameters: z.object({ arg: z.string() }),
      execute: async ({ arg }) => {
        toolLog.push(`${name}(${arg})`);
        return `${name} ran with ${arg}`;
      },
    });
  return [make("lookup"), make("send_email"), make("delete_file")];
}

/** The `assistant` agent factory; `chunkDelayMs` slows its streaming down. */
export function demoAgents(chunkDelayMs = 0): Record<string, AgentFactory> {
  return {
    assistant: () => {
      const toolkit = new Toolkit();
      for (const t of demoTools()) toolkit.registerToolFunction(t);
      return new ReActAgent({
        name: "assistant",
        sysPrompt: "You are a test assistant.",
        model: new ScriptedChatModel({
          script: Array.from({ length: 20 }, () => step),
          chunkSize: 4,
          chunkDelayMs,
        }),
        formatter: new PlainFormatter(),
        toolkit,
      });
    },
  };
}
