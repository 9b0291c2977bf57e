import { createInterface, type Interface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import type { z } from "zod";
import { type OutputSink, setDefaultOutputSink } from "../agent/output-sink.js";
import { UserAgent } from "../agent/user-agent.js";
import { UserInputBase, type UserInputData, type UserInputRequest } from "../agent/user-input.js";
import { AgentScopeError } from "../errors/agentscope-error.js";
import { InterruptedError } from "../errors/interrupted-error.js";
import { zodToJsonSchema } from "../tool/tool-schema.js";

/** The options of {@link TerminalUserInput}. */
export interface TerminalUserInputOptions {
  /** The prompt shown before reading the message. Default `"User Input: "`. */
  inputHint?: string;
  /** Where lines are read from. Default `process.stdin`. */
  input?: Readable;
  /** Where prompts are written. Default `process.stdout`. */
  output?: Writable;
}

interface Waiter {
  resolve: (line: string) => void;
  reject: (error: unknown) => void;
}

type JsonSchema = Record<string, unknown>;

/**
 * Reads the user's input from the terminal: AgentScope's `TerminalUserInput`. One line is the
 * message; with a `structuredModel` (a zod object schema) each field is then asked for in turn,
 * parsed (JSON for non-string fields), and checked against its schema, asking again on errors.
 * Lines typed or piped ahead are kept for the next question; stdin is paused between questions so
 * the process can exit.
 */
export class TerminalUserInput extends UserInputBase {
  /** The prompt shown before reading the message. */
  readonly inputHint: string;
  readonly #input: Readable;
  readonly #output: Writable;
  #rl: Interface | undefined;
  #lines: string[] = [];
  #waiters: Waiter[] = [];
  #ended = false;

  constructor(options: TerminalUserInputOptions = {}) {
    super();
    this.inputHint = options.inputHint ?? "User Input: ";
    this.#input = options.input ?? process.stdin;
    this.#output = options.output ?? process.stdout;
  }

  async call(request: UserInputRequest): Promise<UserInputData> {
    const text = await this.#ask(this.inputHint, request.signal);
    const structuredInput = request.structuredModel
      ? await this.#askStructured(request.structuredModel, request.signal)
      : null;
    return { blocksInput: [{ type: "text", text }], structuredInput };
  }

  /** Stops reading the input stream (the source cannot be used afterwards). */
  close(): void {
    this.#rl?.close();
  }

  async #askStructured(
    schema: z.ZodType,
    signal: AbortSignal | undefined,
  ): Promise<Record<string, unknown>> {
    const shape = (schema as { shape?: Record<string, z.ZodType> }).shape;
    const json = zodToJsonSchema(schema, "TerminalUserInput", "structuredModel", "input", {
      unrepresentable: "any",
    }) as JsonSchema;
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    if (!shape || json.type !== "object") {
      throw new AgentScopeError(
        "TerminalUserInput needs a zod object schema (z.object({...})) as structuredModel.",
      );
    }
    const required = new Set((json.required as string[] | undefined) ?? []);
    const result: Record<string, unknown> = {};
    this.#output.write("Structured input (press Enter to skip for optional):\n");
    for (const [key, property] of Object.entries(properties)) {
      const { title: _title, ...requirements } = property;
      while (true) {
        const answer = await this.#ask(`\t${key} (${JSON.stringify(requirements)}): `, signal);
        if (answer === "") {
          if (required.has(key)) {
            this.#output.write(`Key ${key} is required.\n`);
            continue;
          }
          if ("default" in property) result[key] = property.default;
          break;
        }
        let value: unknown = answer;
        if (!acceptsString(property)) {
          try {
            value = JSON.parse(answer);
          } catch (error) {
            this.#output.write(
              `\x1b[31mInvalid input with error:\n\`\`\`\n${(error as Error).message}\n\`\`\`\x1b[0m\n`,
            );
            continue;
          }
        }
        const field = shape[key];
        const parsed = field ? field.safeParse(value) : { success: true as const };
        if (!parsed.success) {
          const issues = parsed.error.issues.map((i) => i.message).join("; ");
          this.#output.write(`\x1b[31mValidation error:\n\`\`\`\n${issues}\n\`\`\`\x1b[0m\n`);
          continue;
        }
        result[key] = value;
        break;
      }
    }
    return result;
  }

  async #ask(prompt: string, signal: AbortSignal | undefined): Promise<string> {
    this.#output.write(prompt);
    return this.#readLine(signal);
  }

  #readLine(signal: AbortSignal | undefined): Promise<string> {
    const queued = this.#lines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.#ended) return Promise.reject(endOfInput());
    if (signal?.aborted) return Promise.reject(signal.reason ?? new InterruptedError());
    const rl = this.#interface();
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        if (this.#waiters.length === 0) this.#idle(rl);
        reject(signal?.reason ?? new InterruptedError());
      };
      const waiter: Waiter = {
        resolve: (line) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(line);
        },
        reject: (error) => {
          signal?.removeEventListener("abort", onAbort);
          reject(error);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiters.push(waiter);
      (this.#input as { ref?: () => void }).ref?.();
      rl.resume();
    });
  }

  // Between questions: stop reading and let the process exit even with stdin open (a paused
  // readline alone keeps a piped stdin referenced).
  #idle(rl: Interface): void {
    rl.pause();
    (this.#input as { unref?: () => void }).unref?.();
  }

  #interface(): Interface {
    if (this.#rl) return this.#rl;
    const rl = createInterface({ input: this.#input, terminal: false });
    rl.on("line", (line) => {
      const waiter = this.#waiters.shift();
      if (waiter) waiter.resolve(line);
      else this.#lines.push(line);
      if (this.#waiters.length === 0) this.#idle(rl);
    });
    rl.on("close", () => {
      this.#ended = true;
      for (const waiter of this.#waiters.splice(0)) waiter.reject(endOfInput());
    });
    this.#rl = rl;
    return rl;
  }
}

function endOfInput(): AgentScopeError {
  return new AgentScopeError(
    "The terminal input ended (stdin closed) while waiting for user input.",
  );
}

function acceptsString(property: JsonSchema): boolean {
  const type = property.type;
  if (type === undefined) {
    const values = property.enum as unknown[] | undefined;
    return !values || values.some((v) => typeof v === "string");
  }
  return type === "string" || (Array.isArray(type) && type.includes("string"));
}

/**
 * Makes the terminal the input of every {@link UserAgent} without its own source (AgentScope's
 * default). Core's main entry sets no default so it stays browser-safe; Node apps call this once.
 */
export function useTerminalInput(options: TerminalUserInputOptions = {}): TerminalUserInput {
  const input = new TerminalUserInput(options);
  UserAgent.overrideClassInputMethod(input);
  return input;
}

/** An {@link OutputSink} writing straight to `process.stdout`, so streamed text appears as it comes. */
export const stdoutOutputSink: OutputSink = {
  write(text: string): void {
    process.stdout.write(text);
  },
};

/** Makes agents print to stdout (streaming) instead of the line-buffered console default. */
export function useStdoutOutput(): void {
  setDefaultOutputSink(stdoutOutputSink);
}
