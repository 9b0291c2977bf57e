import { InterruptedError, ScriptedUserInput, type UserInputRequest } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { firstUserInput } from "./first-user-input.js";

// A source that never answers until aborted (a terminal nobody types in).
const silent = (seen: AbortSignal[]) => (request: UserInputRequest) =>
  new Promise<never>((_resolve, reject) => {
    if (request.signal) seen.push(request.signal);
    request.signal?.addEventListener("abort", () => reject(request.signal?.reason), { once: true });
  });

describe("firstUserInput", () => {
  it("answers with the first source that answers and stops the others", async () => {
    const seen: AbortSignal[] = [];
    const input = firstUserInput(silent(seen), new ScriptedUserInput(["from studio"]));
    const data = await input({ agentId: "a", agentName: "Ann" });
    expect(data.blocksInput).toEqual([{ type: "text", text: "from studio" }]);
    expect(seen[0]?.aborted).toBe(true);
  });

  it("an interrupt stops every source and rejects with the interrupt", async () => {
    const seen: AbortSignal[] = [];
    const controller = new AbortController();
    const pending = firstUserInput(
      silent(seen),
      silent(seen),
    )({ agentId: "a", agentName: "Ann", signal: controller.signal });
    const reason = new InterruptedError("stop");
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(seen.every((s) => s.aborted)).toBe(true);
  });
});
