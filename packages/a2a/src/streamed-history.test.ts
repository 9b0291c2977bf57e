import { type Message, Role, type Task, TaskState } from "@a2a-js/sdk";
import { describe, expect, it } from "vitest";
import { textPart } from "./parts.js";
import { foldStreamedText, TEXT_OFFSET_KEY } from "./streamed-history.js";

const fragment = (text: string, offset: number): Message => ({
  messageId: "t1:m1",
  contextId: "c",
  taskId: "t1",
  role: Role.ROLE_AGENT,
  parts: [textPart(text)],
  metadata: { msg_id: "m1", [TEXT_OFFSET_KEY]: offset },
  extensions: [],
  referenceTaskIds: [],
});

// A task as the SDK saves it after a status update: the fragment is the status message, and the
// history holds the message's first fragment under the same id.
const taskWith = (status: Message, first: Message): Task => ({
  id: "t1",
  contextId: "c",
  status: { state: TaskState.TASK_STATE_WORKING, message: status, timestamp: "" },
  artifacts: [],
  history: [structuredClone(first)],
  metadata: undefined,
});

const historyText = (task: Task) =>
  task.history[0]?.parts.map((p) => (p.content?.$case === "text" ? p.content.value : "")).join("");

describe("foldStreamedText", () => {
  it("appends each later fragment to its message's history entry, once", () => {
    const first = fragment("Hel", 0);
    const task = taskWith(first, first);
    expect(foldStreamedText(task)).toBe(false);
    task.status = { ...task.status, message: fragment("lo, ", 3) } as Task["status"];
    expect(foldStreamedText(task)).toBe(true);
    // Saved again with the same status (an artifact update): nothing added twice.
    expect(foldStreamedText(task)).toBe(false);
    task.status = { ...task.status, message: fragment("world", 7) } as Task["status"];
    foldStreamedText(task);
    expect(historyText(task)).toBe("Hello, world");
    expect(task.history).toHaveLength(1);
  });

  it("adds only the missing tail of a fragment batched differently, and skips gaps", () => {
    const task = taskWith(fragment("abc", 0), fragment("abc", 0));
    // Another writer batched "bcdef" from offset 1: only "def" is new.
    task.status = { ...task.status, message: fragment("bcdef", 1) } as Task["status"];
    expect(foldStreamedText(task)).toBe(true);
    expect(historyText(task)).toBe("abcdef");
    // A fragment starting past the entry's end (a gap) changes nothing.
    task.status = { ...task.status, message: fragment("xyz", 9) } as Task["status"];
    expect(foldStreamedText(task)).toBe(false);
    expect(historyText(task)).toBe("abcdef");
  });

  it("leaves messages that are not fragments alone", () => {
    const plain = { ...fragment("done", 0), metadata: { msg_id: "m1" } };
    const task = taskWith(plain, fragment("abc", 0));
    expect(foldStreamedText(task)).toBe(false);
    expect(historyText(task)).toBe("abc");
  });
});
