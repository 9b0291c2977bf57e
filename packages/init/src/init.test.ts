import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentBase, getLogger, getRunIdentity, Msg, ReActAgent } from "@agentscope-ts/core";
import { PlainFormatter, ScriptedChatModel, scriptedText } from "@agentscope-ts/core/testing";
import { type OtlpReceiver, startOtlpReceiver } from "@agentscope-ts/otel/testing";
import {
  type StudioContractServer,
  startStudioContractServer,
} from "@agentscope-ts/studio/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { init, shutdown } from "./init.js";

let studio: StudioContractServer;
let otlp: OtlpReceiver;
let dir: string;
beforeEach(async () => {
  [studio, otlp] = await Promise.all([startStudioContractServer(), startOtlpReceiver()]);
  dir = await mkdtemp(join(tmpdir(), "as-init-"));
});
afterEach(async () => {
  await shutdown();
  await Promise.all([studio.close(), otlp.close()]);
  await rm(dir, { recursive: true, force: true });
});

const agent = (name: string) =>
  new ReActAgent({
    name,
    sysPrompt: "test",
    model: new ScriptedChatModel({ script: [scriptedText("Hi.")] }),
    formatter: new PlainFormatter(),
    consoleOutputEnabled: false,
  });

describe("init", () => {
  it("names the run for hooks, registers it in Studio and sends its traces there; shutdown leaves nothing pending", async () => {
    const run = await init({ project: "p1", name: "n1", runId: "run-1", studioUrl: studio.url });
    expect(getRunIdentity()).toMatchObject({ project: "p1", name: "n1", runId: "run-1" });
    let seenInHook: string | undefined;
    AgentBase.registerClassHook("pre_reply", "test-run-id", () => {
      seenInHook = getRunIdentity()?.runId;
    });
    try {
      await agent("Friday").call(new Msg("user", "hello", "user"));
    } finally {
      AgentBase.removeClassHook("pre_reply", "test-run-id");
    }
    expect(seenInHook).toBe("run-1");
    await run.shutdown();
    expect(studio.store.runs.get("run-1")).toMatchObject({ project: "p1", name: "n1" });
    const spans = await studio.waitFor(() =>
      studio.store.spans.some((s) => s.name === "invoke_agent Friday") ? studio.store.spans : null,
    );
    expect(
      spans.find((s) => s.name === "invoke_agent Friday")?.attributes["gen_ai.conversation.id"],
    ).toBe("run-1");
    expect(run.studio?.dropped).toBe(0);
    expect(getRunIdentity()).toBeNull();
  });

  it("sends traces to tracingUrl when given, writes the log file, and a second init replaces the first", async () => {
    const path = join(dir, "run.log");
    await init({ runId: "first", studioUrl: studio.url, tracingUrl: otlp.url, loggingPath: path });
    const second = await init({
      runId: "second",
      studioUrl: studio.url,
      tracingUrl: otlp.url,
      loggingPath: path,
      loggingLevel: "WARNING",
    });
    expect(getRunIdentity()?.runId).toBe("second");
    await agent("Solo").call(new Msg("user", "hello", "user"));
    getLogger().info("not at WARNING");
    getLogger().warn("a warning", { cause: "test" });
    await second.shutdown();

    // One set of hooks: the reply is pushed to Studio once; one tracer: one agent span.
    const pushed = studio.store.calls.filter(
      (c) => c.procedure === "pushMessage" && c.status === 200,
    );
    expect(pushed.map((c) => (c.input as { runId: string }).runId)).toEqual(["second"]);
    const agentSpans = otlp.spans.filter((s) => s.name === "invoke_agent Solo");
    expect(agentSpans).toHaveLength(1);
    expect(agentSpans[0]?.attributes["gen_ai.conversation.id"]).toBe("second");
    expect(studio.store.spans).toEqual([]);

    const lines = (await readdir(dir)).sort();
    const records = [];
    for (const f of lines) {
      const text = await readFile(join(dir, f), "utf8");
      for (const l of text.split("\n").filter(Boolean)) records.push(JSON.parse(l));
    }
    expect(records.map((r) => [r.msg, r.run_id, r.cause])).toEqual([
      ["a warning", "second", "test"],
    ]);
  });
});
