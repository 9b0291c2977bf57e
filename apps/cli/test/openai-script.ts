import type { StreamReplay } from "@agentscope-ts/test-server";

/** Usage reported by a scripted response. */
export interface ScriptUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

let counter = 0;

function chunk(id: string, delta: Record<string, unknown>, finish: string | null) {
  return {
    id,
    object: "chat.completion.chunk",
    created: 1_770_000_000,
    model: "gpt-test",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    usage: null,
  };
}

function usageChunk(id: string, usage: ScriptUsage) {
  return {
    id,
    object: "chat.completion.chunk",
    created: 1_770_000_000,
    model: "gpt-test",
    choices: [],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

/** A streamed OpenAI chat completion answering `text`, in pieces of a few characters. */
export function textReply(
  text: string,
  options: { usage?: ScriptUsage; delayMs?: number } = {},
): StreamReplay {
  const id = `chatcmpl-text-${++counter}`;
  const pieces = text.match(/.{1,6}/gs) ?? [""];
  return {
    type: "stream",
    format: "openai",
    ...(options.delayMs !== undefined ? { delayMs: options.delayMs } : {}),
    chunks: [
      chunk(id, { role: "assistant", content: "" }, null),
      ...pieces.map((p) => chunk(id, { content: p }, null)),
      chunk(id, {}, "stop"),
      usageChunk(id, options.usage ?? { prompt_tokens: 20, completion_tokens: 5 }),
    ],
  };
}

/** A streamed OpenAI chat completion calling the tool `name` with `args` (arguments split). */
export function toolCallReply(
  name: string,
  args: Record<string, unknown>,
  options: { callId?: string; usage?: ScriptUsage } = {},
): StreamReplay {
  const id = `chatcmpl-tool-${++counter}`;
  const json = JSON.stringify(args);
  const half = Math.floor(json.length / 2);
  return {
    type: "stream",
    format: "openai",
    chunks: [
      chunk(
        id,
        {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              index: 0,
              id: options.callId ?? `call_${counter}`,
              type: "function",
              function: { name, arguments: "" },
            },
          ],
        },
        null,
      ),
      chunk(id, { tool_calls: [{ index: 0, function: { arguments: json.slice(0, half) } }] }, null),
      chunk(id, { tool_calls: [{ index: 0, function: { arguments: json.slice(half) } }] }, null),
      chunk(id, {}, "tool_calls"),
      usageChunk(id, options.usage ?? { prompt_tokens: 30, completion_tokens: 10 }),
    ],
  };
}

/** The messages of a recorded chat-completions request body. */
export function requestMessages(body: unknown): { role: string; content?: unknown }[] {
  return ((body as { messages?: unknown[] } | undefined)?.messages ?? []) as {
    role: string;
    content?: unknown;
  }[];
}

/** The names of the tools offered in a recorded chat-completions request body. */
export function requestToolNames(body: unknown): string[] {
  const tools = (body as { tools?: { function: { name: string } }[] } | undefined)?.tools ?? [];
  return tools.map((t) => t.function.name);
}
