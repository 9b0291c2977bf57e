import { ToolError, ValidationError } from "@agentscope-ts/core";
import { type AgUiTurn, parseRunAgentInput } from "./ag-ui-input.js";
import type { SessionKey } from "./backend.js";
import type { SessionRunner } from "./session-runner.js";

/** How starting an AG-UI run went: refused (an HTTP status and why), or the run to stream. */
export type AgUiStart =
  | { refused: { status: 400 | 404 | 409; message: string } }
  | { key: SessionKey; runId: string };

/**
 * Starts the run an AG-UI `RunAgentInput` asks for, as `userId`, on `agent` (default: the
 * session's): answers the interrupts of a parked run (`resume`), or adds the turn's messages and
 * client tool results and starts it. Busy sessions throw the runner's `RunConflictError`.
 */
export async function startAgUiRun(
  runner: SessionRunner,
  agents: readonly string[],
  userId: string,
  agent: string | undefined,
  body: unknown,
): Promise<AgUiStart> {
  if (agent !== undefined && !agents.includes(agent)) {
    return {
      refused: { status: 404, message: `No agent named '${agent}'. Agents: ${agents.join(", ")}.` },
    };
  }
  let turn: AgUiTurn;
  try {
    turn = parseRunAgentInput(body, userId);
  } catch (error) {
    if (error instanceof ValidationError)
      return { refused: { status: 400, message: error.message } };
    throw error;
  }
  const key = { userId, sessionId: turn.threadId };
  if (turn.decisions.length > 0) {
    let waitingFor: string[] = [];
    for (const { toolCallId, decision } of turn.decisions) {
      ({ waitingFor } = await runner.decide(key, toolCallId, decision, turn.runId));
    }
    if (waitingFor.length > 0) {
      const ids = waitingFor.map((id) => `'${id}'`).join(", ");
      const message = `The run still waits for ${ids}: answer every interrupt in resume.`;
      return { refused: { status: 409, message } };
    }
    return { key, runId: turn.runId };
  }
  try {
    await runner.startMessage(key, turn.messages, agent, {
      runId: turn.runId,
      clientTools: turn.clientTools,
      toolResults: turn.toolResults,
    });
  } catch (error) {
    // A client tool the toolkit refuses (a taken name, a bad schema).
    if (error instanceof ToolError || error instanceof ValidationError) {
      return {
        refused: { status: 400, message: `Invalid RunAgentInput: tools: ${error.message}` },
      };
    }
    throw error;
  }
  return { key, runId: turn.runId };
}
