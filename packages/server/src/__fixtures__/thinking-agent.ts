// An agent that thinks before it answers (ScriptedChatModel streams thinking, then text), for the
// AG-UI tests: its replies are a pure function of the last user message, on any replica.
import { ReActAgent, Toolkit } from "@agentscope-ts/core";
import { PlainFormatter, ScriptedChatModel, type ScriptStepFunction } from "@agentscope-ts/core/testing";
import { demoTools } from "./demo-agents.js";
import type { AgentFactory } from "../session-runner.js";

function lastUserText(messages: readonly Record<string, unknown>[]): string {
  const last = [...messages].reverse().find((m) => m.role === "user");
  const content = last?.content;
  if (typeof content === "string") return content;
  return ((content ?? []) as { type: string; text?: string }[])
    .map((b) => (b.type === "text" ? (b.text ?? "") : ""))
    .join("");
}

// "call <tool> <arg>" asks for the tool when it is offered; after a tool result: "Done: <output>";
// otherwise: think, then answer.
const step: ScriptStepFunction = (messages, options, index) => {
  const last = messages[messages.length - 1] ?? {};
  const blocks = Array.isArray(last.content) ? (last.content as Record<string, unknown>[]) : [];
  const result = blocks.find((b) => b.type === "tool_result");
  if (result) {
    const out = result.output as { text?: string }[] | string;
    return { text: `Done: ${typeof out === "string" ? out : out.map((o) => o.text).join("")}.` };
  }
  const text = lastUserText(messages);
  const call = /call (\w+) (\w+)/.exec(text);
  const offered = (options.tools ?? []).some((t) => t.function.name === call?.[1]);
  if (call && offered) {
    return {
      toolCalls: [{ id: `tc_${index}_${call[1]}`, name: call[1] as string, input: { arg: call[2] } }],
    };
  }
  return { thinking: `Thinking about ${text}.`, text: `Answer to ${text}.` };
};

/** The `thinker` agent factory; `chunkDelayMs` slows its streaming down. */
export function thinkingAgents(chunkDelayMs = 0): Record<string, AgentFactory> {
  return {
    thinker: () => {
      const toolkit = new Toolkit();
      for (const t of demoTools()) toolkit.registerToolFunction(t);
      return new ReActAgent({
        name: "thinker",
        sysPrompt: "You are a test assistant that thinks first.",
        model: new ScriptedChatModel({
          script: Array.from({ length: 20 }, () => step),
          chunkSize: 6,
          chunkDelayMs,
        }),
        formatter: new PlainFormatter(),
        toolkit,
      });
    },
  };
}
