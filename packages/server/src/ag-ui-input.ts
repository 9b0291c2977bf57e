import { RunAgentInputSchema } from "@ag-ui/core/schemas";
import { Msg, ValidationError, type ValidationIssue } from "@agentscope-ts/core";
import { z } from "zod";
import type { ApprovalDecision, ClientTool } from "./backend.js";

/** One AG-UI run as the server starts it: the session, the turn and its input. */
export interface AgUiTurn {
  /** The session id (AG-UI `threadId`). */
  threadId: string;
  /** The run id (AG-UI `runId`): the turn's id in every event of the run. */
  runId: string;
  /** The turn's new user messages (the trailing ones of `messages`), with their AG-UI ids. */
  messages: Msg[];
  /** The client's tools (AG-UI frontend tools), offered to the model for this run. */
  clientTools: ClientTool[];
  /** The trailing tool messages: results of client tool calls, by tool call id. */
  toolResults: Record<string, string>;
  /** Answers to the interrupts of a parked run (AG-UI `resume`): the input of this run instead. */
  decisions: { toolCallId: string; decision: ApprovalDecision }[];
}

const resumePayloadSchema = z.strictObject({
  approve: z.boolean().optional(),
  editedInput: z.record(z.string(), z.unknown()).optional(),
  reason: z.string().max(2000).optional(),
});

const SESSION_ID = /^[A-Za-z0-9._-]{1,128}$/;
const RUN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function fail(issues: ValidationIssue[], hint: string): never {
  throw new ValidationError("RunAgentInput", issues, { hint });
}

/**
 * Reads an AG-UI `RunAgentInput` (the body `HttpAgent` POSTs) into the run to start. The session
 * keeps the conversation, so only the trailing user and tool messages are the turn's input
 * (tool messages answer the client tool calls the session waits for); earlier ones are the
 * client's copy of the thread and are not imported again. `tools` are offered to the model as
 * client tools; `context` entries become a system message before the turn; `state` and
 * `forwardedProps` are accepted and unused. Throws a `ValidationError` naming the field and the fix.
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
  const clientTools = input.tools.map((t, i): ClientTool => {
    const parameters = t.parameters ?? { type: "object", properties: {} };
    if (typeof parameters !== "object" || Array.isArray(parameters)) {
      fail([{ path: `tools.${i}.parameters`, message: "expected a JSON Schema object" }], "");
    }
    return { name: t.name, description: t.description, parameters };
  });
  const { runId, threadId } = input;
  if (input.resume !== undefined && input.resume.length > 0) {
    // Answers to the approvals a parked run waits for: the messages are the client's history.
    const decisions = input.resume.map((r, i) => {
      const payload = resumePayloadSchema.safeParse(r.payload ?? {});
      if (!payload.success) {
        fail(
          payload.error.issues.map((x) => ({
            path: [`resume.${i}.payload`, ...x.path].join("."),
            message: x.message,
          })),
          'A resolved interrupt\'s payload is {"approve"?: boolean, "editedInput"?: {…}, "reason"?: "…"}.',
        );
      }
      const { approve = true, editedInput, reason } = payload.data;
      const decision: ApprovalDecision = {
        approve: r.status === "resolved" && approve,
        ...(editedInput ? { editedInput } : {}),
        ...(reason !== undefined ? { reason } : {}),
      };
      return { toolCallId: r.interruptId, decision };
    });
    return { threadId, runId, messages: [], clientTools, toolResults: {}, decisions };
  }
  let first = input.messages.length;
  const isInput = (role: string | undefined) => role === "user" || role === "tool";
  while (first > 0 && isInput(input.messages[first - 1]?.role)) first--;
  if (first === input.messages.length) {
    fail(
      [{ path: "messages", message: "must end with the turn's new user or tool message(s)" }],
      'Add {"id", "role": "user", "content": "…"} at the end of messages.',
    );
  }
  const toolResults: Record<string, string> = {};
  const messages: Msg[] = [];
  if (input.context.length > 0) {
    const lines = input.context.map((c) => `- ${c.description}: ${c.value}`);
    messages.push(new Msg("system", `Context for this turn:\n${lines.join("\n")}`, "system"));
  }
  for (let i = first; i < input.messages.length; i++) {
    const m = input.messages[i] as {
      id: string;
      role: string;
      name?: string;
      content: unknown;
      toolCallId?: string;
      error?: string;
    };
    if (m.role === "tool") {
      const text = typeof m.content === "string" ? m.content : textOf(m.content, i);
      toolResults[m.toolCallId as string] = m.error
        ? `Error: ${m.error}${text ? `\n${text}` : ""}`
        : text;
      continue;
    }
    messages.push(
      new Msg({ id: m.id, name: m.name ?? userName, role: "user", content: textOf(m.content, i) }),
    );
  }
  return { threadId, runId, messages, clientTools, toolResults, decisions: [] };
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
