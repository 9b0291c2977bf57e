import type { AgentBase, MsgQueue, PrintQueueItem } from "../agent/agent-base.js";
import { AsyncQueue } from "../agent/async-queue.js";
import type { AudioBlock } from "../message/content-block.js";
import type { Msg } from "../message/msg.js";
import { TTSAudioAccumulator } from "../tts/tts-audio-accumulator.js";

/** The options of {@link streamPrintingMessages}. */
export interface StreamPrintingMessagesOptions {
  /** The queue to gather into; a new unbounded one by default. */
  queue?: MsgQueue;
  /** The string that marks the end of the task on the queue. Default `"[END]"`. */
  endSignal?: string;
  /**
   * Also yield the speech given to `print` as a third element. Default false. A `ReActAgent`'s
   * TTS speech comes as deltas: each print carries only the audio new since the previous one.
   */
  yieldSpeech?: boolean;
  /**
   * With `yieldSpeech`, yield each message's speech so far as one joined block instead of the
   * deltas (AgentScope v1.0.21's accumulated form, for consumers that slice off what they
   * played). Costs O(speech so far) per print; for TTS speech (deltas), not a model's own audio
   * blocks, which already accumulate. Default false.
   */
  accumulateSpeech?: boolean;
}

/** A task for {@link streamPrintingMessages}: a function starting the work, or a running promise. */
export type PrintingTask = (() => Promise<unknown>) | Promise<unknown>;

/**
 * Runs `task` and yields every message the `agents` print meanwhile, as `[msg, last]` pairs, in
 * print order: AgentScope's `stream_printing_messages`. `last` marks the last chunk of a streamed
 * message (chunks of one message share its id). When the task fails, the error is thrown after the
 * messages printed before it. The agents do not print to the console meanwhile (the consumer
 * renders), as in AgentScope. Pass the task as a function (`() => agent.call(msg)`) so it starts
 * only once the agents' queues are connected. The agents' queue settings are restored at the end.
 */
export function streamPrintingMessages(
  agents: readonly AgentBase[],
  task: PrintingTask,
  options?: StreamPrintingMessagesOptions & { yieldSpeech?: false },
): AsyncGenerator<[msg: Msg, last: boolean], void, undefined>;
export function streamPrintingMessages(
  agents: readonly AgentBase[],
  task: PrintingTask,
  options: StreamPrintingMessagesOptions & { yieldSpeech: true },
): AsyncGenerator<PrintQueueItem, void, undefined>;
export async function* streamPrintingMessages(
  agents: readonly AgentBase[],
  task: PrintingTask,
  options: StreamPrintingMessagesOptions = {},
): AsyncGenerator<
  [msg: Msg, last: boolean] | [Msg, boolean, AudioBlock | AudioBlock[] | null],
  void,
  undefined
> {
  const queue: MsgQueue = options.queue ?? new AsyncQueue();
  const endSignal = options.endSignal ?? "[END]";
  const saved = agents.map((agent) => ({
    agent,
    enabled: agent.msgQueueEnabled,
    queue: agent.msgQueue,
    console: agent.consoleOutputEnabled,
  }));
  // The consumer renders the messages, so the agents' own console printing is off meanwhile.
  for (const agent of agents) {
    agent.setMsgQueueEnabled(true, queue);
    agent.setConsoleOutputEnabled(false);
  }

  let failure: { error: unknown } | undefined;
  const running = (typeof task === "function" ? Promise.resolve().then(task) : task).then(
    () => queue.putNowait(endSignal),
    (error: unknown) => {
      failure = { error };
      queue.putNowait(endSignal);
    },
  );

  const accumulated = new Map<string, TTSAudioAccumulator>();
  const withSpeech = (item: PrintQueueItem): PrintQueueItem => {
    if (!options.accumulateSpeech) return item;
    const [msg, last, speech] = item;
    let audio = accumulated.get(msg.id);
    if (!audio && speech) {
      audio = new TTSAudioAccumulator();
      accumulated.set(msg.id, audio);
    }
    for (const block of Array.isArray(speech) ? speech : speech ? [speech] : []) audio?.add(block);
    if (last) accumulated.delete(msg.id);
    return [msg, last, audio?.block() ?? null];
  };
  let ended = false;
  try {
    while (true) {
      const item = await queue.get();
      if (item === endSignal) {
        ended = true;
        break;
      }
      if (typeof item === "string") continue;
      yield options.yieldSpeech ? withSpeech(item) : [item[0], item[1]];
    }
  } finally {
    for (const { agent, enabled, queue: previous, console } of saved) {
      agent.setMsgQueueEnabled(enabled, previous);
      agent.msgQueue = previous;
      agent.setConsoleOutputEnabled(console);
    }
    if (!ended) {
      // The consumer left early: keep draining so agents blocked on a full queue can finish.
      void (async () => {
        while ((await queue.get()) !== endSignal) {
          /* drop */
        }
      })();
    }
  }
  await running;
  if (failure) throw failure.error;
}
