import {
  AgentBase,
  formatTimestamp,
  Msg,
  pythonJsonDumps,
  shortUuid,
  UserAgent,
} from "@agentscope-ts/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { connectStudio } from "./connect-studio.js";
import { openStudioPage, type StudioContractServer, startStudioContractServer } from "./testing.js";

// AgentScope Python v1.0.21's calls to Studio, built here from its source: `init()` posts
// registerRun (src/agentscope/__init__.py), the studio pre-print hook posts pushMessage
// (hooks/_studio_hooks.py), StudioUserInput posts requestUserInput (agent/_user_input.py), each
// with `requests.post(url, json=payload)` (Python's json.dumps, Content-Type application/json).
async function pythonPost(url: string, procedure: string, payload: unknown): Promise<number> {
  const response = await fetch(`${url}/trpc/${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: pythonJsonDumps(payload),
  });
  return response.status;
}

class Printer extends AgentBase {
  async reply(msg?: Msg | Msg[] | null): Promise<Msg> {
    await this.print(msg as Msg);
    return msg as Msg;
  }
  async observe(): Promise<void> {}
}

let studio: StudioContractServer;
beforeEach(async () => {
  studio = await startStudioContractServer();
});
afterEach(async () => {
  await studio.close();
});

// A stored row without the ids that differ between the two runs.
const comparable = (row: object) => {
  const {
    runId: _r,
    replyId: _p,
    requestId: _q,
    agentId: _a,
    id: _i,
    ...rest
  } = row as Record<string, unknown>;
  return rest;
};

describe("interop with AgentScope Python's payloads", () => {
  it("a run pushed by our client and one pushed as AgentScope Python does are stored the same way", async () => {
    const content = [
      { type: "text" as const, text: "Hi" },
      { type: "tool_use" as const, id: "c1", name: "add", input: { a: 1 } },
    ];
    const timestamp = formatTimestamp();
    const assistantMsg = (id: string) =>
      new Msg({
        id,
        name: "Friday",
        content,
        role: "assistant",
        metadata: { k: [1, "x"] },
        timestamp,
      });

    // Ours: connectStudio, an agent printing, a UserAgent answered in Studio.
    const ours = await connectStudio({
      url: studio.url,
      project: "interop",
      name: "ts",
      tracing: false,
    });
    await new Printer({ name: "Friday", consoleOutputEnabled: false }).call(assistantMsg("m-ts"));
    const user = new UserAgent({ name: "Ann", consoleOutputEnabled: false });
    await studio.waitFor(() => studio.store.runs.has(ours.runId));
    const page = await openStudioPage(studio.url, ours.runId);
    const answering = page
      .question(1)
      .then((q) => page.answer(q.requestId, [{ type: "text", text: "ok" }]));
    const Pick = z.object({ n: z.number() });
    const userTurn = user.call(null, { structuredModel: Pick });
    await studio.waitFor(() => studio.store.inputRequests.size === 1);
    const ourQuestion = [...studio.store.inputRequests.values()][0];
    await answering;
    await userTurn.catch(() => {}); // no structured answer was given: irrelevant here
    page.close();
    await ours.disconnect();

    // Python's: the same calls with the payloads its source builds.
    const pyRun = shortUuid();
    const pyReply = shortUuid();
    expect(
      await pythonPost(studio.url, "registerRun", {
        id: pyRun,
        project: "interop",
        name: "py",
        timestamp,
        pid: 4242,
        status: "running",
        run_dir: "",
      }),
    ).toBe(200);
    expect(
      await pythonPost(studio.url, "pushMessage", {
        runId: pyRun,
        replyId: pyReply,
        replyName: "Friday",
        replyRole: "assistant",
        msg: assistantMsg("m-py").toDict(),
      }),
    ).toBe(200);
    expect(
      await pythonPost(studio.url, "requestUserInput", {
        requestId: shortUuid(),
        runId: pyRun,
        agentId: "agent-py",
        agentName: "Ann",
        structuredInput: ourQuestion?.structuredInput ?? null,
      }),
    ).toBe(200);

    const runs = [studio.store.runs.get(ours.runId), studio.store.runs.get(pyRun)];
    expect(Object.keys(runs[0] ?? {}).sort()).toEqual(Object.keys(runs[1] ?? {}).sort());
    expect(runs.map((r) => [r?.project, r?.run_dir, typeof r?.pid, typeof r?.timestamp])).toEqual([
      ["interop", "", "number", "string"],
      ["interop", "", "number", "string"],
    ]);
    const tsMsg = studio.store.messages.get("m-ts");
    const pyMsg = studio.store.messages.get("m-py");
    expect(tsMsg && comparable(tsMsg)).toEqual(pyMsg && comparable(pyMsg));
    const replyOf = (replyId: string | undefined) =>
      comparable(studio.store.replies.get(replyId ?? "") ?? {});
    expect({ ...replyOf(tsMsg?.replyId), createdAt: "" }).toEqual({
      ...replyOf(pyMsg?.replyId),
      createdAt: "",
    });
    const pyQuestion = [...studio.store.inputRequests.values()].find((r) => r.runId === pyRun);
    expect(ourQuestion && comparable(ourQuestion)).toEqual(pyQuestion && comparable(pyQuestion));
    // Every call of both runs passed the router's schemas.
    expect(studio.store.calls.every((c) => c.status === 200)).toBe(true);
  });
});
