import type { z } from "zod";
import { InterruptedError } from "../errors/interrupted-error.js";
import { validate } from "../errors/validate.js";
import { ValidationError } from "../errors/validation-error.js";
import type { ContentBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import { AgentBase, type AgentInput } from "./agent-base.js";
import { UserInputBase, type UserInputFunction, type UserInputSource } from "./user-input.js";

/** The options of {@link UserAgent}. */
export interface UserAgentOptions {
  /** The user's name, the sender of the messages. */
  name: string;
  /** Whether `call()` prints the user's message to the console. Default `true`. */
  consoleOutputEnabled?: boolean;
}

/** The options of {@link UserAgent.reply}. */
export interface UserReplyOptions {
  /** A zod object schema of extra fields to ask for; the parsed values go into `metadata`. */
  structuredModel?: z.ZodType | null;
  [option: string]: unknown;
}

// The class-level sources, per UserAgent class (a subclass may set its own).
const classInputs = new WeakMap<object, UserInputFunction>();

function toFunction(source: UserInputSource, where: string): UserInputFunction {
  if (typeof source === "function") return source;
  if (source instanceof UserInputBase || typeof (source as UserInputBase)?.call === "function") {
    return (request) => source.call(request);
  }
  throw new ValidationError("input method", [
    {
      path: where,
      message: `expected a UserInputBase (an object with call(request)) or a function, received ${source === null ? "null" : typeof source}`,
    },
  ]);
}

/**
 * The human in the loop: AgentScope's `UserAgent`. Its reply is what the user enters through the
 * input source: the instance's own ({@link UserAgent.overrideInstanceInputMethod}), else the
 * class's ({@link UserAgent.overrideClassInputMethod}). Core sets no default, so it stays
 * browser-safe; in Node, `useTerminalInput()` from `@agentscope-ts/core/node` makes the terminal
 * the class default.
 */
export class UserAgent extends AgentBase {
  #input: UserInputFunction | undefined;

  constructor(options: UserAgentOptions) {
    super({ name: options.name, consoleOutputEnabled: options.consoleOutputEnabled });
  }

  /**
   * Asks the input source for the user's message (plus the `structuredModel` fields, validated
   * and stored in `metadata`), prints it and returns it. A single text block becomes a string.
   */
  override async reply(_msg?: AgentInput, options: UserReplyOptions = {}): Promise<Msg> {
    const input = this.#input ?? resolveClassInput(this.constructor);
    if (!input) {
      throw new ValidationError("user agent", [
        {
          path: "inputMethod",
          message: `UserAgent '${this.name}' has no input source. In Node, call useTerminalInput() from @agentscope-ts/core/node; elsewhere call UserAgent.overrideClassInputMethod(source) or agent.overrideInstanceInputMethod(source)`,
        },
      ]);
    }
    const structuredModel = options.structuredModel ?? null;
    const data = await input({
      agentId: this.id,
      agentName: this.name,
      structuredModel,
      signal: this.signal,
    });
    const blocks = data.blocksInput ?? [];
    const first = blocks[0];
    const content: string | ContentBlock[] =
      blocks.length === 1 && first?.type === "text" ? first.text : blocks;
    let metadata = data.structuredInput ?? null;
    if (structuredModel && metadata !== null) {
      metadata = validate(
        structuredModel,
        metadata,
        "structured user input",
        "The input source must return values matching the structuredModel schema.",
      ) as Record<string, unknown>;
    }
    const msg = new Msg({ name: this.name, content, role: "user", metadata });
    await this.print(msg);
    return msg;
  }

  /** A user agent keeps no memory: observing does nothing. */
  override async observe(_msg: Msg | Msg[] | null): Promise<void> {}

  /** An interrupted input has no reply: throws an {@link InterruptedError}. */
  override async handleInterrupt(): Promise<Msg> {
    throw new InterruptedError(`The input of user agent '${this.name}' was interrupted.`);
  }

  /** Uses `source` for this instance's input, over the class-level source. */
  overrideInstanceInputMethod(source: UserInputSource): void {
    this.#input = toFunction(source, "inputMethod");
  }

  /**
   * Uses `source` for every instance of this class (and its subclasses) without its own; `null`
   * removes this class's source.
   */
  static overrideClassInputMethod(source: UserInputSource | null): void {
    // biome-ignore lint/complexity/noThisInStatic: the source belongs to the class called on.
    setClassInput(this, source === null ? null : toFunction(source, "inputMethod"));
  }

  /**
   * The source set on this class itself by {@link UserAgent.overrideClassInputMethod} (as a
   * function; not one inherited from a parent class), or `null`: read it to restore it later.
   */
  static getClassInputMethod(): UserInputFunction | null {
    // biome-ignore lint/complexity/noThisInStatic: the source belongs to the class called on.
    return classInputs.get(this) ?? null;
  }
}

function setClassInput(cls: object, input: UserInputFunction | null): void {
  if (input === null) classInputs.delete(cls);
  else classInputs.set(cls, input);
}

function resolveClassInput(cls: object): UserInputFunction | undefined {
  for (let c: object | null = cls; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    const found = classInputs.get(c);
    if (found) return found;
  }
  return undefined;
}
