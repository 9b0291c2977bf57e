import { RunAgentInputSchema } from "@ag-ui/core/schemas";
import { Msg, ValidationError, type ValidationIssue } from "@agentscope-ts/core";

/** One AG-UI run as the server starts it: the session, the turn and its input. */
export interface AgUiTurn {
  /** The session id (AG-UI `threadId`). */
  threadId: string;
  /** The run id (AG-UI `runId`): the turn's id in every event of the run. */
  runId: string;
  /** The turn's input: the trailing user messages of `messages`, with their AG-UI ids. */
  messages: Msg[];
}

const SESSION_ID = /^[A-Za-z0-9._-]{1,128}$/;
const RUN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function fail(issues: ValidationIssue[], hint: string): never {
  throw new ValidationError("RunAgentInput", issues, { hint });
}

/**
 * Reads an AG-UI `RunAgentInput` (the body `HttpAgent` POSTs) into the run to start. The session
 * keeps the conversation, so only the messages after the last non-user message are the turn's
 * input; earlier ones are the client's copy of the thread and are not imported again. Client
 * tools (`tools`) are refused: this server runs the agent's own tools only. `context` entries
 * become a system message before the turn; `state` and `forwardedProps` are accepted and unused.
 * Throws a `ValidationError` naming the field and the fix.
 */
export function parseRunAgentInput(body: unknown, userName: string): AgUiTurn {
  const parsed = RunAgentInputSchema.safeParse(body);
  if (!parsed.success) {
    fail(
      parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      'Send an AG-UI RunAgentInput: {"threadId", "runId", "messages": [...]}.',
    );
  }
  const input = parsed.data;
  if (!SESSION_ID.test(input.threadId)) {
    fail(
      [{ path: "threadId", message: "use 1–128 letters, digits, '.', '_' or '-'" }],
      "The threadId is the session id.",
    );
  }
  if (!RUN_ID.test(input.runId)) {
    fail([{ path: "runId", message: "use 1–128 letters, digits, '.', '_', ':' or '-'" }], "");
  }
  if (input.tools.length > 0) {
    fail(
      [
        {
          path: "tools",
          message: `client tools are not supported (got ${input.tools.map((t) => `'${t.name}'`).join(", ")})`,
        },
      ],
      "Register the tools on the served agent's toolkit instead, and send tools: [].",
    );
  }
  if (input.resume !== undefined && input.resume.length > 0) {
    fail(
      [{ path: "resume", message: "resuming interrupts through RunAgentInput is not supported" }],
      "Answer a parked tool call with POST /v1/sessions/<threadId>/approvals/<toolCallId>.",
    );
  }
  let first = input.messages.length;
  while (first > 0 && input.messages[first - 1]?.role === "user") first--;
  if (first === input.messages.length) {
    fail(
      [{ path: "messages", message: "must end with the turn's new user message(s)" }],
      'Add {"id", "role": "user", "content": "…"} at the end of messages.',
    );
  }
  const messages: Msg[] = [];
  if (input.context.length > 0) {
    const lines = input.context.map((c) => `- ${c.description}: ${c.value}`);
    messages.push(new Msg("system", `Context for this turn:\n${lines.join("\n")}`, "system"));
  }
  for (let i = first; i < input.messages.length; i++) {
    const m = input.messages[i] as { id: string; name?: string; content: unknown };
    messages.push(
      new Msg({ id: m.id, name: m.name ?? userName, role: "user", content: textOf(m.content, i) }),
    );
  }
  return { threadId: input.threadId, runId: input.runId, messages };
}

function textOf(content: unknown, index: number): string {
  if (typeof content === "string") {
    if (content.length > 0) return content;
    fail([{ path: `messages.${index}.content`, message: "must not be empty" }], "");
  }
  const parts = content as { type: string; text?: string }[];
  const other = parts.findIndex((p) => p.type !== "text");
  if (other >= 0) {
    fail(
      [
        {
          path: `messages.${index}.content.${other}`,
          message: `'${parts[other]?.type}' parts are not supported`,
        },
      ],
      "Send text parts only.",
    );
  }
  const text = parts.map((p) => p.text ?? "").join("");
  if (text.length === 0) {
    fail([{ path: `messages.${index}.content`, message: "must not be empty" }], "");
  }
  return text;
}
