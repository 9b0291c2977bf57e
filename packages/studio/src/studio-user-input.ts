import {
  type AudioBlock,
  type ImageBlock,
  InterruptedError,
  shortUuid,
  type TextBlock,
  UserInputBase,
  type UserInputData,
  type UserInputRequest,
  ValidationError,
  type VideoBlock,
  zodToJsonSchema,
} from "@agentscope-ts/core";
import type { StudioChannel } from "./studio-channel.js";
import { StudioError } from "./studio-error.js";
import type { RequestUserInputInput } from "./studio-protocol.js";
import type { ForwardedUserInput } from "./studio-socket.js";

/** How long a user answer is waited for by default (ms): 30 minutes. */
export const DEFAULT_USER_INPUT_TIMEOUT_MS = 30 * 60_000;

/** Options of {@link StudioUserInput}. */
export interface StudioUserInputOptions {
  /** How long to wait for the user's answer (ms). Default 30 minutes. */
  timeoutMs?: number;
}

type InputBlock = TextBlock | ImageBlock | AudioBlock | VideoBlock;
const INPUT_BLOCK_TYPES = new Set(["text", "image", "audio", "video"]);

interface Waiting {
  request: RequestUserInputInput;
  /** How many times the socket had dropped when the question was last queued. */
  askedAt: number;
  resolve(data: UserInputData): void;
  reject(error: unknown): void;
}

/**
 * A `UserAgent` input source answered in AgentScope Studio (AgentScope's `StudioUserInput`): asks
 * with `requestUserInput` (structured fields as JSON Schema), waits for Studio's
 * `forwardUserInput` on the run's socket. The wait ends with the answer, an interrupt of the
 * agent, or `timeoutMs`; when the socket reconnects (Studio restarted) the question is asked again.
 */
export class StudioUserInput extends UserInputBase {
  readonly #channel: StudioChannel;
  readonly #timeoutMs: number;
  readonly #waiting = new Map<string, Waiting>();
  #disconnects = 0;

  constructor(channel: StudioChannel, options: StudioUserInputOptions = {}) {
    super();
    const timeoutMs = options.timeoutMs ?? DEFAULT_USER_INPUT_TIMEOUT_MS;
    if (!(timeoutMs > 0) || !Number.isFinite(timeoutMs)) {
      throw new ValidationError("StudioUserInput options", [
        {
          path: "timeoutMs",
          message: `expected a positive number of milliseconds, received ${timeoutMs}`,
        },
      ]);
    }
    this.#channel = channel;
    this.#timeoutMs = timeoutMs;
    channel.onUserInput((input) => this.#answer(input));
    channel.onDisconnect(() => {
      this.#disconnects++;
    });
    channel.onConnect(() => {
      // Studio forgets a run's questions when its socket drops: ask again those asked before.
      for (const w of this.#waiting.values()) if (w.askedAt < this.#disconnects) this.#ask(w);
    });
  }

  /** How many questions wait for an answer now. */
  get pending(): number {
    return this.#waiting.size;
  }

  /** Asks Studio for the user's input and waits for the answer. */
  call(request: UserInputRequest): Promise<UserInputData> {
    const structuredInput = request.structuredModel
      ? zodToJsonSchema(request.structuredModel, "StudioUserInput", "structuredModel", "input", {
          unrepresentable: "any",
        })
      : null;
    const signal = request.signal;
    if (signal?.aborted) return Promise.reject(signal.reason ?? new InterruptedError());
    const payload: RequestUserInputInput = {
      requestId: shortUuid(),
      runId: this.#channel.runId,
      agentId: request.agentId,
      agentName: request.agentName,
      structuredInput: structuredInput as Record<string, unknown> | null,
    };
    return new Promise<UserInputData>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.#waiting.delete(payload.requestId);
      };
      const onAbort = () => {
        finish();
        reject(
          signal?.reason ??
            new InterruptedError(`The input of '${request.agentName}' was interrupted.`),
        );
      };
      const timer = setTimeout(() => {
        finish();
        reject(
          new StudioError(
            `No answer from AgentScope Studio (${this.#channel.url}) for '${request.agentName}' within ${this.#timeoutMs} ms. Answer in Studio's run page sooner, or raise timeoutMs.`,
            { retryable: true },
          ),
        );
      }, this.#timeoutMs);
      signal?.addEventListener("abort", onAbort, { once: true });
      const waiting: Waiting = {
        request: payload,
        askedAt: this.#disconnects,
        resolve: (data) => {
          finish();
          resolve(data);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      };
      this.#waiting.set(payload.requestId, waiting);
      this.#ask(waiting);
    });
  }

  #ask(waiting: Waiting): void {
    waiting.askedAt = this.#disconnects;
    // A re-ask replaces the same question still waiting to be sent (Studio down meanwhile).
    const key = `ask:${waiting.request.requestId}`;
    this.#channel.send("requestUserInput", waiting.request, key).catch((error: unknown) => {
      // Studio refused the question (e.g. it does not know the run): no answer can come.
      if (this.#waiting.get(waiting.request.requestId) !== waiting) return;
      waiting.reject(
        new StudioError(
          `AgentScope Studio (${this.#channel.url}) could not take the question for '${waiting.request.agentName}': ${(error as Error)?.message ?? String(error)}`,
          { cause: error },
        ),
      );
    });
  }

  #answer(input: ForwardedUserInput): void {
    const waiting = this.#waiting.get(input.requestId);
    if (!waiting) return;
    try {
      waiting.resolve({
        blocksInput: checkBlocks(input.blocksInput),
        structuredInput: checkStructured(input.structuredInput),
      });
    } catch (error) {
      waiting.reject(error);
    }
  }
}

function checkBlocks(value: unknown): InputBlock[] {
  if (typeof value === "string") return [{ type: "text", text: value }];
  if (!Array.isArray(value))
    throw invalidAnswer("blocksInput", "expected a list of content blocks", value);
  value.forEach((block, i) => {
    const type = (block as { type?: unknown } | null)?.type;
    if (typeof type !== "string" || !INPUT_BLOCK_TYPES.has(type)) {
      throw invalidAnswer(`blocksInput[${i}].type`, "expected text, image, audio or video", type);
    }
  });
  return value as InputBlock[];
}

function checkStructured(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "object" || Array.isArray(value)) {
    throw invalidAnswer("structuredInput", "expected an object or null", value);
  }
  return value as Record<string, unknown>;
}

function invalidAnswer(path: string, message: string, value: unknown): ValidationError {
  return new ValidationError(
    "Studio user input",
    [{ path, message: `${message}, received ${JSON.stringify(value)?.slice(0, 80)}` }],
    { hint: "Studio forwarded an answer AgentScope cannot read; check the Studio version." },
  );
}
