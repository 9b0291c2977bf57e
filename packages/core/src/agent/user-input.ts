import type { z } from "zod";
import { AgentScopeError } from "../errors/agentscope-error.js";
import type { AudioBlock, ImageBlock, TextBlock, VideoBlock } from "../message/content-block.js";

/** What a user gave as input: content blocks and, when asked for, structured fields. */
export interface UserInputData {
  /** The user's message as blocks (one text block for typed input). */
  blocksInput: (TextBlock | ImageBlock | AudioBlock | VideoBlock)[];
  /** The structured fields the user filled in, or `null` when none were asked for. */
  structuredInput: Record<string, unknown> | null;
}

/** What an input source is asked for. */
export interface UserInputRequest {
  /** The id of the asking UserAgent. */
  agentId: string;
  /** The name of the asking UserAgent. */
  agentName: string;
  /** A zod object schema of extra fields to ask the user for, if any. */
  structuredModel?: z.ZodType | null;
  /** Aborted when the UserAgent is interrupted; stop waiting for input then. */
  signal?: AbortSignal;
}

/**
 * Where a UserAgent gets its input: AgentScope's `UserInputBase`. Implement `call` for a terminal,
 * a web UI, a test script… (`TerminalUserInput` in `@agentscope-ts/core/node` reads stdin).
 */
export abstract class UserInputBase {
  /** Waits for the user's input. */
  abstract call(request: UserInputRequest): Promise<UserInputData>;
}

/** A plain function is accepted as an input source too. */
export type UserInputFunction = (request: UserInputRequest) => Promise<UserInputData>;

/** An input source: a {@link UserInputBase} or a function. */
export type UserInputSource = UserInputBase | UserInputFunction;

/** An input source for tests and demos: answers each request with the next scripted input. */
export class ScriptedUserInput extends UserInputBase {
  readonly #inputs: (string | UserInputData)[];
  /** The requests received, in order. */
  readonly requests: UserInputRequest[] = [];

  constructor(inputs: (string | UserInputData)[]) {
    super();
    this.#inputs = [...inputs];
  }

  async call(request: UserInputRequest): Promise<UserInputData> {
    this.requests.push(request);
    const next = this.#inputs.shift();
    if (next === undefined) {
      throw new AgentScopeError(
        `ScriptedUserInput has no input left for '${request.agentName}' (request ${this.requests.length}). Give it more inputs.`,
      );
    }
    return typeof next === "string"
      ? { blocksInput: [{ type: "text", text: next }], structuredInput: null }
      : next;
  }
}
