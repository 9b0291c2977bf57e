import { AgentBase, InterruptedError, Msg, UserAgent } from "@agentscope-ts/core";
import { rejectionOf } from "@agentscope-ts/core/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectStudio, type StudioConnection } from "./connect-studio.js";
import { StudioError } from "./studio-error.js";
import { StudioUserInput } from "./studio-user-input.js";
import { openStudioPage, type StudioContractServer, startStudioContractServer } from "./testing.js";

class Speaker extends AgentBase {
  async reply(): Promise<Msg> {
    return new Msg(this.name, "", "assistant");
  }
  async observe(): Promise<void> {}
  /** Prints `text` as a new message and returns its id. */
  async say(text: string): Promise<string> {
    const msg = new Msg(this.name, text, "assistant");
    await this.print(msg);
    return msg.id;
  }
}

let studio: StudioContractServer;
let connection: StudioConnection | undefined;
let warnings: string[];
let firstWarning: Promise<void>;
let agent: Speaker;
let onWarned: () => void;

beforeEach(async () => {
  studio = await startStudioContractServer();
  warnings = [];
  firstWarning = new Promise((resolve) => {
    onWarned = resolve;
  });
  agent = new Speaker({ name: "Friday", consoleOutputEnabled: false });
});

afterEach(async () => {
  await connection?.disconnect();
  connection = undefined;
  await studio.close();
});

const connect = async (extra: Partial<Parameters<typeof connectStudio>[0]> = {}) => {
  connection = await connectStudio({
    url: studio.url,
    project: "faults",
    tracing: false,
    onWarning: (m) => {
      warnings.push(m);
      onWarned();
    },
    ...extra,
  });
  return connection;
};

const texts = () => [...studio.store.messages.values()].map((m) => m.msg.content);
const delivered = (id: string) => () => studio.store.messages.has(id);

describe("Studio failures never break the agents", () => {
  it("Studio absent at start: one warning, the run and every message arrive in order once it starts", async () => {
    await studio.kill();
    const c = await connect();
    for (const text of ["one", "two", "three"]) await agent.say(text);
    await studio.restart();
    const last = await agent.say("four");
    await studio.waitFor(delivered(last));
    expect(texts()).toEqual(["one", "two", "three", "four"]);
    expect(studio.store.calls[0]?.procedure).toBe("registerRun");
    expect(studio.store.runs.get(c.runId)?.status).toBe("running");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/unreachable.*The agents go on/);
  });

  it("Studio killed mid-run and restarted: what was printed meanwhile and after arrives in order", async () => {
    const c = await connect();
    await studio.waitFor(delivered(await agent.say("before")));
    await studio.waitFor(() => studio.pythonClients === 1);
    await studio.kill();
    await agent.say("while down 1");
    await agent.say("while down 2");
    await studio.restart();
    const after = await agent.say("after");
    await studio.waitFor(delivered(after));
    expect(texts()).toEqual(["before", "while down 1", "while down 2", "after"]);
    // The socket came back too, and the run is running.
    await studio.waitFor(() => studio.pythonClients === 1);
    expect(studio.store.runs.get(c.runId)?.status).toBe("running");
    expect(warnings).toHaveLength(1);
  });

  it("a 400 answer drops that call only, with one warning however often it happens", async () => {
    await connect();
    await studio.waitFor(() => studio.store.runs.size === 1);
    studio.failNext("pushMessage", 400, 2);
    await agent.say("rejected 1");
    await agent.say("rejected 2");
    await studio.waitFor(delivered(await agent.say("accepted")));
    expect(texts()).toEqual(["accepted"]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/HTTP 400: Injected failure 400/);
    expect(connection?.dropped).toBe(2);
  });

  it("a 500 answer is retried a few times, then that call is skipped", async () => {
    await connect();
    await studio.waitFor(() => studio.store.runs.size === 1);
    studio.failNext("pushMessage", 500, 2);
    await studio.waitFor(delivered(await agent.say("retried")));
    studio.failNext("pushMessage", 500, 3);
    await agent.say("given up");
    await studio.waitFor(delivered(await agent.say("next")));
    expect(texts()).toEqual(["retried", "next"]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/HTTP 500/);
  });

  it("a slow Studio: calls that time out are sent again, and arrive once, in order", async () => {
    await connect({ requestTimeoutMs: 100 });
    await studio.waitFor(() => studio.store.runs.size === 1);
    const held = studio.stall();
    await agent.say("slow 1");
    await firstWarning;
    await agent.say("slow 2");
    held.release();
    await studio.waitFor(delivered(await agent.say("fast")));
    expect(texts()).toEqual(["slow 1", "slow 2", "fast"]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/did not answer pushMessage within 100 ms/);
  });

  it("the waiting calls are bounded: past the capacity new ones are dropped, with one warning", async () => {
    await studio.kill();
    const c = await connect({ queueCapacity: 3, flushTimeoutMs: 1 });
    for (let i = 0; i < 5; i++) await agent.say(`m${i}`);
    expect(c.dropped).toBe(3); // registerRun and two messages wait, three are dropped
    expect(warnings.filter((w) => /behind: 3 calls are waiting/.test(w))).toHaveLength(1);
    await c.disconnect();
    connection = undefined;
    expect(warnings.filter((w) => /still waiting after 1 ms and are dropped/.test(w))).toHaveLength(
      1,
    );
  });
});

describe("StudioUserInput", () => {
  it("an answer that never comes: interrupting the UserAgent ends the wait", async () => {
    const c = await connect();
    const user = new UserAgent({ name: "Ann", consoleOutputEnabled: false });
    const call = user.call();
    await studio.waitFor(() => studio.store.inputRequests.size === 1);
    expect(c.userInput.pending).toBe(1);
    await user.interrupt();
    expect(await rejectionOf(call, InterruptedError)).toBeInstanceOf(InterruptedError);
    expect(c.userInput.pending).toBe(0);
  });

  it("an answer that never comes: the wait ends after timeoutMs with a StudioError", async () => {
    const c = await connect({ userInput: false });
    const input = new StudioUserInput(c, { timeoutMs: 50 });
    const error = await rejectionOf(input.call({ agentId: "a1", agentName: "Ann" }), StudioError);
    expect(error.message).toMatch(/No answer from AgentScope Studio .* for 'Ann' within 50 ms/);
    expect(input.pending).toBe(0);
  });

  it("survives a Studio restart: reconnects, asks again, and takes the answer", async () => {
    const c = await connect();
    const user = new UserAgent({ name: "Ann", consoleOutputEnabled: false });
    const call = user.call();
    const first = await studio.waitFor(() => [...studio.store.inputRequests.values()][0]);
    await studio.waitFor(() => studio.pythonClients === 1);
    await studio.close(); // Studio shuts down: it forgets the run's questions and marks it done
    expect(studio.store.inputRequests.size).toBe(0);
    await studio.restart();
    const again = await studio.waitFor(() => studio.store.inputRequests.get(first.requestId));
    expect(again).toEqual(first);
    await studio.waitFor(() => studio.store.runs.get(c.runId)?.status === "running");
    const page = await openStudioPage(studio.url, c.runId);
    expect(await page.answer(first.requestId, [{ type: "text", text: "still here" }])).toEqual({
      success: true,
    });
    page.close();
    expect((await call).content).toBe("still here");
  });

  it("a question asked while Studio is absent is asked once when it comes, and answered", async () => {
    await studio.kill();
    const c = await connect();
    const user = new UserAgent({ name: "Ann", consoleOutputEnabled: false });
    const call = user.call();
    await studio.restart();
    const question = await studio.waitFor(() => [...studio.store.inputRequests.values()][0]);
    await studio.waitFor(() => studio.pythonClients === 1);
    const page = await openStudioPage(studio.url, c.runId);
    expect(await page.answer(question.requestId, [{ type: "text", text: "here" }])).toEqual({
      success: true,
    });
    page.close();
    expect((await call).content).toBe("here");
    expect(studio.store.calls.filter((x) => x.procedure === "requestUserInput")).toHaveLength(1);
  });

  it("a question Studio refuses (unknown run) fails the wait with a StudioError", async () => {
    const c = await connect({ userInput: false });
    await studio.waitFor(() => studio.store.runs.size === 1);
    studio.store.runs.clear();
    const input = new StudioUserInput(c);
    const error = await rejectionOf(input.call({ agentId: "a1", agentName: "Ann" }), StudioError);
    expect(error.message).toMatch(
      /could not take the question for 'Ann'.*Run with id .* does not exist/,
    );
  });
});
