import type { AudioBlock, MsgDict } from "@agentscope-ts/core";

/** The socket.io namespace Studio keeps for agent processes (AgentScope Python's client uses it). */
export const STUDIO_NAMESPACE = "/python";
/** The event Studio sends the user's answer with: `(requestId, blocksInput, structuredInput)`. */
export const FORWARD_USER_INPUT_EVENT = "forwardUserInput";
/** The run statuses Studio knows (its `Status` enum). */
export const RUN_STATUSES = ["running", "pending", "done", "unknown"] as const;
/** A run status of Studio. */
export type RunStatus = (typeof RUN_STATUSES)[number];

/** The input of Studio's `registerRun` (what AgentScope's `init()` posts). */
export interface RegisterRunInput {
  id: string;
  project: string;
  name: string;
  /** `YYYY-MM-DD HH:MM:SS.mmm`, local time. */
  timestamp: string;
  pid: number;
  status: RunStatus;
  /** Deprecated by Studio; AgentScope sends `""`. */
  run_dir: string;
}

/** The input of Studio's `registerReply`. */
export interface RegisterReplyInput {
  runId: string;
  replyId: string;
  replyRole: string;
  replyName: string;
  createdAt: string;
}

/** The input of Studio's `pushMessage` (what AgentScope's studio pre-print hook posts). */
export interface PushMessageInput {
  runId: string;
  replyId: string | null;
  replyName: string;
  replyRole: "user" | "assistant";
  msg: MsgDict;
  /** The speech of the printed message, when a TTS model (or an audio model) produced it. */
  speech?: AudioBlock | AudioBlock[] | null;
}

/** The input of Studio's `requestUserInput` (what AgentScope's `StudioUserInput` posts). */
export interface RequestUserInputInput {
  requestId: string;
  runId: string;
  agentId: string;
  agentName: string;
  /** The JSON Schema of the structured fields to ask for, or `null`. */
  structuredInput: Record<string, unknown> | null;
}

/** Studio's tRPC procedures an agent process calls, with their inputs. */
export interface StudioProcedures {
  registerRun: RegisterRunInput;
  registerReply: RegisterReplyInput;
  pushMessage: PushMessageInput;
  requestUserInput: RequestUserInputInput;
}

/** A tRPC procedure an agent process calls. */
export type StudioProcedure = keyof StudioProcedures;
