import { TaskState } from "@a2a-js/sdk";
import { DefaultExecutionEventBus, type RequestContext } from "@a2a-js/sdk/server";
import { describe, expect, it } from "vitest";
import { textPart } from "./parts.js";
import { publishStatus, publishTask } from "./task-events.js";

function recordingBus() {
  const bus = new DefaultExecutionEventBus();
  const events: unknown[] = [];
  bus.on("event", (event) => events.push(event));
  return { bus, events };
}

describe("task events", () => {
  it("publishes a new submitted task holding the user's message, or a copy of the stored one", () => {
    const { bus, events } = recordingBus();
    const userMessage = { messageId: "m1", role: 1, parts: [textPart("hi")] };
    const fresh = publishTask(
      { taskId: "t1", contextId: "c1", userMessage } as unknown as RequestContext,
      bus,
    );
    expect(fresh).toMatchObject({
      id: "t1",
      contextId: "c1",
      status: { state: TaskState.TASK_STATE_SUBMITTED },
      history: [userMessage],
    });
    const stored = { ...fresh, status: { ...fresh.status, state: TaskState.TASK_STATE_WORKING } };
    const copy = publishTask(
      { taskId: "t1", contextId: "c1", userMessage, task: stored } as unknown as RequestContext,
      bus,
    );
    expect(copy).toEqual(stored);
    expect(copy).not.toBe(stored);
    expect(events).toHaveLength(2);
  });

  it("publishes a status update, with an agent message when parts are given", () => {
    const { bus, events } = recordingBus();
    publishStatus(bus, {
      taskId: "t",
      contextId: "c",
      state: TaskState.TASK_STATE_WORKING,
      parts: [textPart("x")],
      messageId: "id1",
      messageMetadata: { msg_id: "a" },
      metadata: { k: "v" },
    });
    publishStatus(bus, { taskId: "t", contextId: "c", state: TaskState.TASK_STATE_COMPLETED });
    const [working, done] = events as { payload?: unknown }[];
    expect(JSON.stringify(working)).toContain('"messageId":"id1"');
    expect(JSON.stringify(working)).toContain('"msg_id":"a"');
    expect(JSON.stringify(working)).toContain('"k":"v"');
    expect(JSON.stringify(done)).not.toContain("messageId");
  });
});
