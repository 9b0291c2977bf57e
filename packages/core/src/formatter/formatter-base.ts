import { ValidationError, type ValidationIssue } from "../errors/validation-error.js";
import type { ToolResultOutputBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import { type FormatImpl, traceFormat } from "../tracing/formatter-span.js";
import {
  type InstrumentationTable,
  instrumentClass,
  reachedThroughSuper,
} from "../utils/instrumented-methods.js";
import { type Base64MediaSaver, dataUrlMediaSaver } from "./base64-media-saver.js";
import type { FormatHistory } from "./format-history.js";
import { convertToolResultToString, type ToolResultText } from "./tool-result-to-string.js";

/** Options of {@link FormatterBase.format}. */
export interface FormatOptions {
  /**
   * The tools' JSON schemas that will be sent with the request. Truncating formatters pass them to
   * the token counter so the budget covers them too.
   */
  tools?: readonly unknown[];
  /**
   * Where `msgs` come from (`readMemoryHistory` builds it): a chat formatter then formats only the
   * messages appended since its previous call with the same history and reuses its earlier output
   * for the rest, which equals formatting everything again. Formatters that cannot prove that
   * (multi-agent ones, subclasses overriding `format` or `formatMessages`) format everything.
   */
  history?: FormatHistory;
}

/** Options every formatter accepts. */
export interface FormatterBaseOptions {
  /**
   * Where base64 media inside tool results go before their location is written into the text
   * (see {@link convertToolResultToString}). Defaults to {@link dataUrlMediaSaver}; on Node pass
   * `saveMediaToTempFile` from `@agentscope-ts/core/node` for AgentScope's temporary files.
   */
  saveBase64Data?: Base64MediaSaver;
}

const MAX_LISTED = 10;

function describe(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") {
    const name = (value as object).constructor?.name;
    return name && name !== "Object" ? `a ${name}` : "a plain object";
  }
  return typeof value;
}

/**
 * The base of all formatters: AgentScope's `FormatterBase`. A formatter turns `Msg` objects into
 * the message list one provider's API expects (`format`); provider packages subclass it (usually
 * through `TruncatedFormatterBase`). `TMessage` is the type of one formatted provider message.
 *
 * Every call of `format` opens a `format {target}` span: the `format` a subclass defines (or
 * inherits) is wrapped once per class, on the prototype, at its first instantiation, as agents'
 * `reply` is (docs/writing-a-plugin.md, "How hooks and tracing are applied"). Define `format` as
 * a method; `super.format()` inside an override is not traced twice.
 */
export abstract class FormatterBase<TMessage extends object = Record<string, unknown>> {
  /** Stores base64 media of tool results and returns their location; see {@link FormatterBaseOptions}. */
  readonly saveBase64Data: Base64MediaSaver;

  constructor(options: FormatterBaseOptions = {}) {
    const saver = options.saveBase64Data ?? dataUrlMediaSaver;
    if (typeof saver !== "function") {
      throw new ValidationError(
        "formatter options",
        [{ path: "saveBase64Data", message: `expected a function, received ${describe(saver)}` }],
        { hint: "Pass (mediaType, base64Data) => location, e.g. saveMediaToTempFile on Node." },
      );
    }
    this.saveBase64Data = saver;
    instrumentClass(new.target, FORMATTER_INSTRUMENTATION);
  }

  /** Turns `msgs` into the provider's request messages. */
  abstract format(msgs: readonly Msg[], options?: FormatOptions): Promise<TMessage[]>;

  /**
   * AgentScope's `assert_list_of_msgs`: throws a `ValidationError` unless `msgs` is an array of
   * `Msg` objects, naming each bad index (`msgs[2]: expected a Msg, received a plain object`).
   */
  static assertListOfMsgs(msgs: unknown): asserts msgs is Msg[] {
    if (!Array.isArray(msgs)) {
      throw new ValidationError(
        "formatter input",
        [{ path: "msgs", message: `expected an array of Msg objects, received ${describe(msgs)}` }],
        { hint: "Pass the messages as an array, e.g. formatter.format([msg1, msg2])." },
      );
    }
    const issues: ValidationIssue[] = [];
    let bad = 0;
    for (let i = 0; i < msgs.length; i++) {
      const msg: unknown = msgs[i];
      if (msg instanceof Msg) continue;
      bad++;
      if (issues.length < MAX_LISTED) {
        issues.push({ path: `msgs[${i}]`, message: `expected a Msg, received ${describe(msg)}` });
      }
    }
    if (bad === 0) return;
    if (bad > issues.length) {
      issues.push({ path: "", message: `... and ${bad - issues.length} more non-Msg element(s)` });
    }
    throw new ValidationError("formatter input", issues, {
      hint: "Every element must be a Msg (new Msg({ name, content, role })); turn a message dict into one with Msg.fromDict().",
    });
  }

  /**
   * AgentScope's `convert_tool_result_to_string` with this formatter's `saveBase64Data`: the text
   * of a tool result for APIs without media in tool results, plus the media met (with their
   * locations) for subclasses that promote them to a user message (`promoteToolResultMedia`).
   */
  convertToolResultToString(
    output: string | readonly ToolResultOutputBlock[] | null | undefined,
  ): Promise<ToolResultText> {
    return convertToolResultToString(output, this.saveBase64Data);
  }
}

// The `format {target}` span around every formatter's own `format` (see the class doc).
const FORMATTER_INSTRUMENTATION: InstrumentationTable<FormatterBase<object>> = {
  format: (original) => {
    const impl = original as FormatImpl<FormatterBase<object>, unknown>;
    return function format(this: FormatterBase<object>, msgs?: unknown, options?: unknown) {
      if (this.format !== format && reachedThroughSuper(this, "format", format)) {
        return impl.call(this, msgs as readonly Msg[], options);
      }
      return traceFormat(this, impl, msgs as readonly Msg[], options);
    };
  },
};
