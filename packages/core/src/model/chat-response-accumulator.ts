import type { AudioBlock, ThinkingBlock, ToolUseBlock } from "../message/content-block.js";
import { shortUuid } from "../utils/short-uuid.js";
import { formatTimestamp } from "../utils/timestamp.js";
import type { ChatResponse, ChatResponseBlock, ChatUsage } from "./chat-response.js";
import { attachChunkDelta } from "./chunk-delta.js";
import { IncrementalJsonObject } from "./incremental-json.js";
import { parsePartialJson, parseStreamingJsonDict } from "./partial-json.js";

/** A piece of a streamed tool call, as OpenAI-style APIs send them. */
export interface ToolCallDelta {
  /** The call's position in the response; calls are matched by `index`, else by `id`. */
  index?: number;
  /** The call id (usually only in the first piece). */
  id?: string;
  /** The tool name (usually only in the first piece; later names are ignored). */
  name?: string;
  /** A fragment of the JSON arguments, appended to what came before. */
  arguments?: string;
}

/** Options of {@link ChatResponseAccumulator}. */
export interface ChatResponseAccumulatorOptions {
  /** The response id; providers pass the API's. Defaults to a fresh `shortUuid()`. */
  id?: string;
  /**
   * `"stream"` (default) repairs tool arguments while they stream, so every chunk has a usable
   * `input`; `"final"` keeps `input` `{}` until {@link ChatResponseAccumulator.finish} (AgentScope's
   * `stream_tool_parsing=False`).
   */
  parseToolInput?: "stream" | "final";
  /**
   * Where structured output is read from into `metadata`: the text (JSON mode) or the last tool
   * call's input (structured output through a tool). Unset: no derived metadata.
   */
  structuredOutput?: "text" | "tool_use";
  /** When the request started (`Date.now()` value), for `usage.time`. Defaults to now. */
  startTime?: number;
}

/** One thinking block being assembled: its text so far and its own signature, or a whole block. */
interface ThinkingPart {
  thinking: string;
  signature: string | undefined;
  /** A block that arrived whole (e.g. Anthropic's redacted thinking), kept as given. */
  whole: ThinkingBlock | undefined;
}

/** Repairs of at most this many characters are redone on every chunk; longer ones amortised. */
const EAGER_PARSE_LIMIT = 2048;

interface ToolCallState {
  id: string;
  name: string;
  raw: string;
  /** True when set whole through `setToolCall` (input given, nothing to parse). */
  whole: boolean;
  input: Record<string, unknown>;
  /** `raw.length` when `input` was last parsed, -1 when never. */
  parsedLength: number;
  rawInput: string | undefined;
  /** Parses the arguments as they stream (`parseToolInput: "stream"`); falls back when it fails. */
  parser: IncrementalJsonObject | undefined;
}

/** Whether a repair of `length` characters, last done at `parsedLength`, is due again. */
function due(length: number, parsedLength: number): boolean {
  if (length === parsedLength) return false;
  return length <= EAGER_PARSE_LIMIT || length - parsedLength >= length / 8;
}

/**
 * Assembles a streamed model answer (text, thinking, audio and tool-call deltas, usage) into
 * cumulative {@link ChatResponse} chunks, in AgentScope's block order: thinking, audio, text, tool
 * calls. Thinking segments join into one block until the block is signed (or the provider starts a
 * new one): each separately signed thinking block stays its own block with its own signature. Each {@link snapshot} costs O(delta): strings grow by concatenation, the text and
 * thinking added since the previous chunk travel beside it (`chunkDeltaOf`), and streamed
 * tool arguments are parsed incrementally (`IncrementalJsonObject`). Arguments that are not
 * valid JSON fall back to the repairing parse, re-done only for calls that changed (for arguments
 * longer than 2 KB, only once they grew by an eighth, so repairs stay linear overall;
 * {@link finish} brings every call up to date).
 *
 * ```ts
 * const acc = new ChatResponseAccumulator({ id: first.id });
 * for await (const event of sdkStream) {
 *   acc.addText(event.delta.content ?? "");
 *   for (const call of event.delta.tool_calls ?? []) acc.addToolCallDelta({ ... });
 *   if (acc.hasContent) yield acc.snapshot();
 * }
 * const last = acc.finish();
 * if (last) yield last;
 * ```
 */
export class ChatResponseAccumulator {
  private id: string;
  private readonly parseToolInput: "stream" | "final";
  private readonly structuredOutput: "text" | "tool_use" | undefined;
  private readonly startTime: number;
  private text = "";
  private readonly thinkingParts: ThinkingPart[] = [];
  /** True when the next thinking starts a new block ({@link startThinkingBlock}). */
  private thinkingBreak = false;
  /** Text and thinking added since the last chunk was built (carried beside it as its delta). */
  private textDelta = "";
  private thinkingDelta = "";
  private audio = "";
  private audioMediaType = "audio/wav";
  private readonly toolCalls: ToolCallState[] = [];
  private readonly byIndex = new Map<number, ToolCallState>();
  private readonly byId = new Map<string, ToolCallState>();
  private usage: ChatUsage | undefined;
  private metadata: Record<string, unknown> | undefined;
  private textMetadata: Record<string, unknown> | undefined;
  private textParsedLength = -1;
  private lagging = false;
  private snapshotTaken = false;

  constructor(options: ChatResponseAccumulatorOptions = {}) {
    this.id = options.id ?? shortUuid();
    this.parseToolInput = options.parseToolInput ?? "stream";
    this.structuredOutput = options.structuredOutput;
    this.startTime = options.startTime ?? Date.now();
  }

  /** True once any text, thinking, audio or tool call arrived. */
  get hasContent(): boolean {
    return (
      this.text !== "" ||
      this.thinkingParts.length > 0 ||
      this.audio !== "" ||
      this.toolCalls.length > 0
    );
  }

  /** Sets the response id (e.g. when the API sends it in a later event). */
  setId(id: string): this {
    this.id = id;
    return this;
  }

  /** Appends to the text. */
  addText(delta: string | null | undefined): this {
    if (delta) {
      this.text += delta;
      this.textDelta += delta;
    }
    return this;
  }

  /**
   * Appends to the thinking (reasoning) text. Segments join into the current thinking block, as
   * providers whose reasoning is plain text stream it (OpenAI-compatible `reasoning_content`,
   * DashScope, Ollama, Gemini thoughts, Responses API summaries). Once the current block is signed
   * ({@link setThinkingSignature}), or after {@link startThinkingBlock}, the next thinking opens a
   * new block: Anthropic checks each block's own signature when the message is sent back.
   */
  addThinking(delta: string | null | undefined): this {
    if (delta) {
      this.thinkingPart().thinking += delta;
      this.thinkingDelta += delta;
    }
    return this;
  }

  /** Starts a new thinking block: the next thinking (or signature) does not join the current one. */
  startThinkingBlock(): this {
    this.thinkingBreak = true;
    return this;
  }

  /**
   * Sets the signature of the current thinking block (its `signature` key; a later call before new
   * thinking replaces it). Thinking added after it opens a new block.
   */
  setThinkingSignature(signature: string): this {
    this.thinkingPart().signature = signature;
    return this;
  }

  /**
   * Adds a thinking block that arrived whole (such as Anthropic's redacted thinking), in order
   * among the streamed ones; thinking added after it opens a new block.
   */
  addThinkingBlock(block: ThinkingBlock): this {
    this.thinkingParts.push({ thinking: "", signature: undefined, whole: block });
    this.thinkingBreak = false;
    return this;
  }

  // The block new thinking goes to: the current one, unless it is signed, whole or a break was asked.
  private thinkingPart(): ThinkingPart {
    const last = this.thinkingParts[this.thinkingParts.length - 1];
    if (last && !this.thinkingBreak && last.whole === undefined && last.signature === undefined) {
      return last;
    }
    const part: ThinkingPart = { thinking: "", signature: undefined, whole: undefined };
    this.thinkingParts.push(part);
    this.thinkingBreak = false;
    return part;
  }

  /** Appends base64 audio data; `mediaType` (e.g. `audio/wav`) is kept from the latest call. */
  addAudio(base64Delta: string | null | undefined, mediaType?: string): this {
    if (base64Delta) this.audio += base64Delta;
    if (mediaType) this.audioMediaType = mediaType;
    return this;
  }

  /**
   * Adds a piece of a streamed tool call. Pieces are matched to a call by `index`, else by `id`;
   * a piece with neither continues the latest call. Several calls may stream interleaved.
   */
  addToolCallDelta(delta: ToolCallDelta): this {
    let call =
      delta.index !== undefined
        ? this.byIndex.get(delta.index)
        : delta.id !== undefined
          ? this.byId.get(delta.id)
          : this.toolCalls[this.toolCalls.length - 1];
    if (!call) {
      call = {
        id: delta.id ?? "",
        name: delta.name ?? "",
        raw: "",
        whole: false,
        input: {},
        parsedLength: -1,
        rawInput: undefined,
        parser: this.parseToolInput === "stream" ? new IncrementalJsonObject() : undefined,
      };
      this.toolCalls.push(call);
      if (delta.index !== undefined) this.byIndex.set(delta.index, call);
    } else {
      if (!call.id && delta.id) call.id = delta.id;
      if (!call.name && delta.name) call.name = delta.name;
    }
    if (call.id && !this.byId.has(call.id)) this.byId.set(call.id, call);
    if (delta.arguments) {
      call.raw += delta.arguments;
      call.parser?.push(delta.arguments);
    }
    return this;
  }

  /**
   * Adds (or replaces, by `id`) a tool call that arrived whole, with parsed `input` (Gemini,
   * Ollama). `rawInput` becomes the block's `raw_input` when given.
   */
  setToolCall(call: {
    id: string;
    name: string;
    input: Record<string, unknown>;
    rawInput?: string;
  }): this {
    let state = this.byId.get(call.id);
    if (!state) {
      state = {
        id: call.id,
        name: call.name,
        raw: "",
        whole: true,
        input: call.input,
        parsedLength: 0,
        rawInput: call.rawInput,
        parser: undefined,
      };
      this.toolCalls.push(state);
      this.byId.set(call.id, state);
    } else {
      state.name = call.name;
      state.input = call.input;
      state.whole = true;
      state.rawInput = call.rawInput;
    }
    return this;
  }

  /**
   * Sets the usage. `time` defaults to the seconds since `startTime`; tokens not given keep their
   * previous value (APIs often send input and output tokens in different events).
   */
  setUsage(usage: Partial<ChatUsage>): this {
    const previous = this.usage;
    const next: ChatUsage = {
      inputTokens: usage.inputTokens ?? previous?.inputTokens ?? 0,
      outputTokens: usage.outputTokens ?? previous?.outputTokens ?? 0,
      time: usage.time ?? (Date.now() - this.startTime) / 1000,
    };
    const metadata = usage.metadata ?? previous?.metadata;
    if (metadata) next.metadata = metadata;
    this.usage = next;
    return this;
  }

  /** Sets response metadata explicitly; it wins over metadata derived from `structuredOutput`. */
  setMetadata(metadata: Record<string, unknown> | undefined): this {
    this.metadata = metadata;
    return this;
  }

  /** The content so far as a cumulative chunk. Cost: O(blocks + argument growth), amortised. */
  snapshot(): ChatResponse {
    this.snapshotTaken = true;
    return this.build(false);
  }

  /**
   * Brings every lazily repaired tool input (and derived metadata) up to date. Returns the final
   * chunk when it differs from the latest {@link snapshot} (so a stream should yield it), else
   * `undefined`.
   */
  finish(): ChatResponse | undefined {
    const needed = this.lagging || (!this.snapshotTaken && this.hasContent);
    const response = this.build(true);
    this.snapshotTaken = true;
    return needed ? response : undefined;
  }

  /** The complete response, with every tool input fully parsed (for non-streaming calls). */
  response(): ChatResponse {
    return this.build(true);
  }

  private build(final: boolean): ChatResponse {
    let lagging = false;
    const content: ChatResponseBlock[] = [];
    for (const part of this.thinkingParts) {
      if (part.whole) {
        content.push({ ...part.whole });
        continue;
      }
      if (part.thinking === "" && part.signature === undefined) continue;
      const block: ThinkingBlock = { type: "thinking", thinking: part.thinking };
      if (part.signature !== undefined) {
        (block as ThinkingBlock & { signature?: string }).signature = part.signature;
      }
      content.push(block);
    }
    if (this.audio) {
      const block: AudioBlock = {
        type: "audio",
        source: { type: "base64", media_type: this.audioMediaType, data: this.audio },
      };
      content.push(block);
    }
    if (this.text) content.push({ type: "text", text: this.text });
    let lastInput: Record<string, unknown> | undefined;
    for (const call of this.toolCalls) {
      const length = call.raw.length;
      if (!call.whole && length !== call.parsedLength) {
        if (call.parser && !call.parser.failed) {
          // Incremental: O(fragment) per chunk, same object as the whole-text repair.
          call.input = call.parser.value();
          call.parsedLength = length;
        } else if (final) {
          call.input =
            this.parseToolInput === "stream"
              ? parseStreamingJsonDict(call.raw, call.input)
              : parsePartialJson(call.raw || "{}");
          call.parsedLength = length;
        } else if (this.parseToolInput === "stream" && due(length, call.parsedLength)) {
          call.input = parseStreamingJsonDict(call.raw, call.input);
          call.parsedLength = length;
        } else if (length > 0) {
          lagging = true;
        }
      }
      const block: ToolUseBlock = {
        type: "tool_use",
        id: call.id,
        name: call.name,
        input: call.input,
      };
      const raw = call.whole ? call.rawInput : call.raw;
      if (raw !== undefined) block.raw_input = raw;
      content.push(block);
      lastInput = call.input;
    }

    let metadata = this.metadata;
    if (metadata === undefined && this.structuredOutput === "text" && this.text) {
      const length = this.text.length;
      if (length !== this.textParsedLength) {
        if (final || due(length, this.textParsedLength)) {
          this.textMetadata = parsePartialJson(this.text);
          this.textParsedLength = length;
        } else {
          lagging = true;
        }
      }
      metadata = this.textMetadata;
    } else if (metadata === undefined && this.structuredOutput === "tool_use") {
      metadata = lastInput;
    }
    this.lagging = lagging;

    // Only a chunk that added text or thinking carries its delta: a reader's length check finds
    // nothing new in the others (a tool call's argument fragments, the final chunk), and defining
    // the property is the dearest step of a small chunk.
    if (this.textDelta !== "" || this.thinkingDelta !== "") {
      attachChunkDelta(content, { text: this.textDelta, thinking: this.thinkingDelta });
      this.textDelta = "";
      this.thinkingDelta = "";
    }
    const response: ChatResponse = { id: this.id, createdAt: formatTimestamp(), content };
    if (this.usage) response.usage = this.usage;
    if (metadata !== undefined) response.metadata = metadata;
    return response;
  }
}
