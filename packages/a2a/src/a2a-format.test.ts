import { Role, type Task, TaskState } from "@a2a-js/sdk";
import { Msg } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { a2aMessageToMsg, a2aTaskToMsgs, formatA2AMessage } from "./a2a-format.js";
import { textPart } from "./parts.js";

describe("formatA2AMessage", () => {
  it("merges several messages into one user message for the given context and task", () => {
    const message = formatA2AMessage(
      [
        new Msg("Ann", "first", "user"),
        new Msg("Bob", [{ type: "text", text: "second" }], "assistant"),
      ],
      { contextId: "ctx", taskId: "task" },
    );
    expect(message.role).toBe(Role.ROLE_USER);
    expect(message).toMatchObject({ contextId: "ctx", taskId: "task" });
    expect(message.parts.map((p) => p.content?.value)).toEqual(["first", "second"]);
    expect(message.messageId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("a2aTaskToMsgs", () => {
  const agentMessage = (text: string) => ({
    messageId: "m",
    contextId: "c",
    taskId: "t",
    role: Role.ROLE_AGENT,
    parts: [textPart(text)],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  });
  const artifact = (id: string, text: string, metadata?: Record<string, unknown>) => ({
    artifactId: id,
    name: id,
    description: "",
    parts: [textPart(text)],
    metadata,
    extensions: [],
  });

  it("appends artifacts to the status message and carries the last artifact's metadata", () => {
    const task: Task = {
      id: "t",
      contextId: "c",
      status: {
        state: TaskState.TASK_STATE_COMPLETED,
        message: agentMessage("Status."),
        timestamp: undefined,
      },
      artifacts: [artifact("a", "One."), artifact("b", "Two.", { k: 1 })],
      history: [],
      metadata: undefined,
    };
    const msgs = a2aTaskToMsgs("Remote", task);
    expect(msgs).toHaveLength(1);
    expect(msgs[0]?.getTextContent()).toBe("Status.\nOne.\nTwo.");
    expect(msgs[0]?.metadata).toEqual({ k: 1 });
    expect(msgs[0]?.name).toBe("Remote");
  });

  it("starts an assistant message for artifacts when the status message is the user's", () => {
    const user = { ...agentMessage("Me."), role: Role.ROLE_USER };
    const task: Task = {
      id: "t",
      contextId: "c",
      status: { state: TaskState.TASK_STATE_COMPLETED, message: user, timestamp: undefined },
      artifacts: [artifact("a", "Answer.")],
      history: [],
      metadata: undefined,
    };
    const msgs = a2aTaskToMsgs("Remote", task);
    expect(msgs.map((m) => [m.role, m.getTextContent()])).toEqual([
      ["user", "Me."],
      ["assistant", "Answer."],
    ]);
    expect(a2aMessageToMsg("Remote", user).role).toBe("user");
  });
});
