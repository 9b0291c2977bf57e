import type { ListTasksRequest, ListTasksResponse, Message, Task } from "@a2a-js/sdk";
import type { ServerCallContext, TaskStore } from "@a2a-js/sdk/server";
import { textPart } from "./parts.js";

/**
 * The metadata key of a streamed text fragment (a `working` status message): where the fragment
 * starts in its message's text. Every fragment of one message shares the message's `messageId`.
 */
export const TEXT_OFFSET_KEY = "text_offset";

/**
 * Folds the task's status message, when it is a streamed text fragment, into the history entry
 * of the same message, so the history holds the whole streamed text instead of its first
 * fragment (the SDK adds a status message to the history only under a new `messageId`). Applying
 * it twice, or to fragments batched differently by two writers, adds each character once: only
 * the part past the entry's current text is appended. Returns whether the history changed.
 */
export function foldStreamedText(task: Task): boolean {
  const fragment = task.status?.message;
  const offset = fragment?.metadata?.[TEXT_OFFSET_KEY];
  if (!fragment || typeof offset !== "number") return false;
  const entry = task.history?.find((m) => m.messageId === fragment.messageId);
  if (!entry) return false;
  const have = textOf(entry);
  const piece = textOf(fragment);
  if (have.length < offset || have.length >= offset + piece.length) return false;
  const missing = piece.slice(have.length - offset);
  const tail = entry.parts[entry.parts.length - 1];
  if (tail?.content?.$case === "text") tail.content.value += missing;
  else entry.parts.push(textPart(missing));
  return true;
}

function textOf(message: Message): string {
  let text = "";
  for (const part of message.parts) {
    if (part.content?.$case === "text") text += part.content.value;
  }
  return text;
}

/**
 * A `TaskStore` that keeps whole streamed messages in task histories ({@link foldStreamedText}
 * on every save) and otherwise passes through to `inner`. `createA2AFetchHandler` wraps every
 * store in it.
 */
export class StreamedHistoryTaskStore implements TaskStore {
  constructor(readonly inner: TaskStore) {}

  /** Folds the status fragment into the history, then saves. */
  async save(task: Task, context: ServerCallContext): Promise<void> {
    foldStreamedText(task);
    await this.inner.save(task, context);
  }

  /** Loads from the inner store. */
  load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    return this.inner.load(taskId, context);
  }

  /** Lists from the inner store. */
  list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    return this.inner.list(params, context);
  }
}
