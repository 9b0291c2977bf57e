import { ValidationError } from "../errors/validation-error.js";
import type { AudioBlock } from "../message/content-block.js";
import { Msg } from "../message/msg.js";
import { PUSH_TEXT, StreamingInputTTSModelBase } from "../tts/streaming-input-tts-model-base.js";
import type { TTSModelBase } from "../tts/tts-model-base.js";
import type { TTSResponse } from "../tts/tts-response.js";
import { SentenceSplitter } from "./sentence-splitter.js";
import { SpokenTextTracker } from "./spoken-text-tracker.js";

/**
 * Speaks a message while it streams, for `ReActAgent({ ttsModel })`:
 *
 * - a streaming-input model gets every text delta as it arrives (`push`), and returns the audio
 *   that arrived meanwhile;
 * - a one-shot model gets one `synthesize` per complete sentence, started as soon as the sentence
 *   is complete (while the answer goes on streaming), one at a time and in order; so the first
 *   audio comes after the first sentence, not after the whole answer (v1.0.21 waits for the whole
 *   answer).
 *
 * {@link update} returns the audio ready now without waiting for synthesis; {@link finish} yields
 * the rest once the text is complete. Audio comes as deltas (only the new blocks). Aborting the
 * reply's signal, or {@link cancel}, stops synthesis. Each update costs O(new text): only the text
 * the chunk added is read, sent and scanned for sentence ends (`SpokenTextTracker`,
 * `SentenceSplitter`). Text that is rewritten rather than extended is a `ValidationError`.
 */
export class SpeechFollower {
  readonly #model: TTSModelBase;
  readonly #controller = new AbortController();
  readonly #detach: () => void;
  readonly #text = new SpokenTextTracker();
  // one-shot mode
  readonly #splitter = new SentenceSplitter();
  readonly #sentences: { id: string; name: string; text: string }[] = [];
  #pushed = false;
  readonly #outbox: AudioBlock[] = [];
  #worker: Promise<void> | undefined;
  #failure: { error: unknown } | undefined;
  #wake: (() => void) | undefined;
  #sentenceCount = 0;

  constructor(model: TTSModelBase, signal: AbortSignal) {
    this.#model = model;
    const onAbort = () => this.#controller.abort(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    this.#detach = () => signal.removeEventListener("abort", onAbort);
  }

  /** The message grew: sends what is new and returns the audio ready now (maybe none). */
  async update(msg: Msg): Promise<AudioBlock[]> {
    const added = this.#text.next(msg);
    if (this.#model.supportsStreamingInput) {
      if (this.#text.length === 0) return [];
      this.#pushed = true;
      const response = await this.#push(msg, added);
      return response.content ? [response.content] : [];
    }
    this.#throwIfFailed();
    if (added === null) throw notAContinuation();
    const sentences = this.#splitter.push(added);
    if (sentences !== "") this.#enqueue(msg, sentences);
    return this.#outbox.splice(0);
  }

  /** The text is complete: yields the remaining audio, in order, until all of it is spoken. */
  async *finish(msg: Msg): AsyncGenerator<AudioBlock[], void, undefined> {
    try {
      const added = this.#text.next(msg);
      if (this.#model.supportsStreamingInput) {
        if (this.#text.length === 0 && !this.#pushed) return;
        const model = this.#model;
        const options = { signal: this.#controller.signal };
        let rest: AsyncIterable<TTSResponse>;
        if (model instanceof StreamingInputTTSModelBase && added !== null) {
          const pushed = await this.#push(msg, added);
          if (pushed.content) yield [pushed.content];
          rest = model.synthesizeStream(undefined, options);
        } else {
          rest = model.synthesizeStream(msg, options);
        }
        for await (const response of rest) {
          if (response.content) yield [response.content];
        }
        return;
      }
      if (added === null) throw notAContinuation();
      this.#enqueue(msg, this.#splitter.rest() + added);
      for (;;) {
        this.#throwIfFailed();
        if (this.#outbox.length > 0) {
          yield this.#outbox.splice(0);
          continue;
        }
        if (!this.#worker) return;
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
        });
      }
    } finally {
      await this.close();
    }
  }

  /** Stops any synthesis in flight (the reply failed or was interrupted). */
  async cancel(reason?: unknown): Promise<void> {
    this.#controller.abort(reason);
    this.#wake?.();
    await this.close();
  }

  /** Releases the model's connection (streaming-input models connect per message). */
  async close(): Promise<void> {
    this.#detach();
    if (this.#model.supportsStreamingInput) await this.#model.close();
  }

  // Sends the text the message added: the delta path of the core's streaming-input models; the
  // cumulative push(msg) for others, and for text that was rewritten (push(msg) checks it).
  #push(msg: Msg, added: string | null): Promise<TTSResponse> {
    const options = { signal: this.#controller.signal };
    const model = this.#model;
    if (model instanceof StreamingInputTTSModelBase && added !== null) {
      return model[PUSH_TEXT](msg.id, added, options);
    }
    return model.push(msg, options);
  }

  #throwIfFailed(): void {
    if (this.#failure) throw this.#failure.error;
  }

  #enqueue(msg: Msg, text: string): void {
    if (text.trim() === "") return;
    this.#sentenceCount++;
    this.#sentences.push({ id: `${msg.id}-s${this.#sentenceCount}`, name: msg.name, text });
    this.#worker ??= this.#work();
  }

  // One synthesis at a time, in sentence order; sentences queued meanwhile are picked up.
  async #work(): Promise<void> {
    try {
      for (let next = this.#sentences.shift(); next; next = this.#sentences.shift()) {
        const part = new Msg({
          id: next.id,
          name: next.name,
          role: "assistant",
          content: next.text,
        });
        for await (const response of this.#model.synthesizeStream(part, {
          signal: this.#controller.signal,
        })) {
          if (response.content) {
            this.#outbox.push(response.content);
            this.#notify();
          }
        }
      }
    } catch (error) {
      this.#failure = { error };
    } finally {
      this.#worker = undefined;
      this.#notify();
    }
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}

// A streamed message whose spoken text changed instead of growing (one-shot mode).
function notAContinuation(): ValidationError {
  return new ValidationError(
    "spoken message",
    [{ path: "content", message: "the text no longer starts with the text spoken before" }],
    { hint: "A streamed answer is spoken as it grows; its text can only be extended." },
  );
}
