import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentScopeError, StateError, ValidationError } from "@agentscope-ts/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SolutionOutput } from "../solution-output.js";
import { ACEBenchmark } from "./ace-benchmark.js";
import {
  ACE_DATA_FILES,
  type DownloadProgress,
  downloadAceBench,
  downloadProgressBar,
} from "./download-ace-bench.js";

// A small sample in ACEBench's published format: one JSON object per line, answers in possible_answer/.
const step = {
  id: "agent_multi_step_0",
  question: "user: 打开wifi，然后给Frank发消息：明天见",
  initial_config: { BaseApi: { wifi: false, logged_in: true }, MessageApi: { inbox: [] } },
  function: [
    {
      name: "turn_on_wifi",
      description: "开启WiFi连接。",
      parameters: { type: "dict", properties: {}, required: [] },
    },
    {
      name: "send_message",
      description: "发送消息",
      parameters: {
        type: "dict",
        properties: { receiver_name: { type: "string" }, message: { type: "string" } },
        required: ["receiver_name", "message"],
      },
    },
  ],
  involved_classes: ["BaseApi", "MessageApi"],
};
const stepAnswer = {
  id: "agent_multi_step_0",
  ground_truth: [
    { BaseApi: { wifi: true, logged_in: true } },
    { MessageAPI: { inbox: [{ to: "Frank", text: "明天见" }] } },
  ],
  mile_stone: ["[turn_on_wifi()]", "[send_message(receiver_name='Frank', message='明天见')]"],
};
const turn = {
  id: "agent_multi_turn_0",
  question: "user: 登录设备",
  initial_config: {},
  function: [
    {
      name: "login_device",
      description: "登录设备。",
      parameters: { type: "dict", properties: {} },
    },
  ],
};
const turnAnswer = {
  id: "agent_multi_turn_0",
  ground_truth: [{ BaseApi: { wifi: false, logged_in: true } }],
  mile_stone: ["[login_device()]"],
};
const served: Record<string, string> = {
  "data_zh/data_agent_multi_step.json": `${JSON.stringify(step)}\n`,
  "data_zh/possible_answer/data_agent_multi_step.json": `${JSON.stringify(stepAnswer)}\n`,
  // JSON5, as AgentScope reads each line with json5.loads: unquoted keys and a trailing comma.
  "data_zh/data_agent_multi_turn.json": `${JSON.stringify(turn).replace('"id":', "id:").replace(/}$/, ",}")}\n\n`,
  "data_zh/possible_answer/data_agent_multi_turn.json": `${JSON.stringify(turnAnswer)}\n`,
};

let server: Server;
let baseUrl: string;
const dirs: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    const body = served[(req.url ?? "").replace(/^\/data_all\//, "")];
    if (body === undefined) return void res.writeHead(404).end("not found");
    const bytes = Buffer.from(body);
    res.writeHead(200, { "content-length": bytes.length });
    res.write(bytes.subarray(0, 10));
    res.end(bytes.subarray(10));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/data_all`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "as-ace-"));
  dirs.push(dir);
  return dir;
}

describe("ACEBenchmark", () => {
  it("downloads the data with progress, then loads tasks with tags, tools and metrics", async () => {
    const dataDir = await tempDir();
    await expect(ACEBenchmark.load({ dataDir, download: false })).rejects.toBeInstanceOf(
      StateError,
    );
    const progress: DownloadProgress[] = [];
    const benchmark = await ACEBenchmark.load({
      dataDir,
      baseUrl,
      onProgress: (p) => progress.push(p),
    });
    expect(progress.at(-1)).toMatchObject({ filesDone: 4, filesTotal: 4 });
    const first = progress.filter((p) => p.file === ACE_DATA_FILES[0]);
    const size = Buffer.byteLength(served[ACE_DATA_FILES[0]!]!);
    const received = first.map((p) => p.receivedBytes);
    expect(received[0]).toBe(0);
    expect(received.at(-1)).toBe(size);
    expect(received).toEqual([...received].sort((a, b) => a - b));
    expect(first.every((p) => p.totalBytes === size)).toBe(true);

    expect(await benchmark.size()).toBe(2);
    const task = await benchmark.getTask("agent_multi_step_0");
    expect(task.tags).toEqual({ language: "zh", category: "agent_multi_step" });
    expect(task.input).toBe(step.question);
    expect(task.metrics.map((m) => m.name)).toEqual(["accuracy", "process_accuracy"]);
    const tools = (task.metadata as { tools: { function: { parameters: { type: string } } }[] })
      .tools;
    expect(tools.map((t) => t.function.parameters.type)).toEqual(["object", "object"]);
    expect((await benchmark.getTask("agent_multi_turn_0")).tags?.category).toBe("agent_multi_turn");

    const solved: SolutionOutput = {
      success: true,
      output: [
        { BaseApi: { logged_in: true, wifi: true } },
        { MessageApi: { inbox: [{ to: "Frank", text: "明天见" }] } },
        { ReminderApi: {} },
      ],
      trajectory: [
        {
          id: "m1",
          name: "Friday",
          role: "assistant",
          content: [{ type: "tool_use", id: "c1", name: "turn_on_wifi", input: {} }],
          metadata: {},
          timestamp: "",
        },
        {
          type: "tool_use",
          id: "c2",
          name: "send_message",
          input: { receiver_name: "Frank", message: "明天见" },
        },
      ],
      meta: null,
    };
    expect((await task.evaluate(solved)).map((r) => r.result)).toEqual([1, 1]);
    const wrong: SolutionOutput = {
      ...solved,
      output: [{ BaseApi: { wifi: false, logged_in: true } }, { MessageApi: { inbox: [] } }],
      trajectory: solved.trajectory.slice(0, 1),
    };
    const [accuracy, process] = await task.evaluate(wrong);
    expect([accuracy?.result, process?.result]).toEqual([0, 0]);
    expect(accuracy?.message).toContain("Mismatch in key 'BaseApi'");
    expect(process?.message).toBe(
      "Error: Missing milestone '[send_message(receiver_name='Frank', message='明天见')]' in the given trajectory.",
    );
    await expect(task.evaluate({ ...solved, output: "done" })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it("fails a download on an HTTP error without leaving a partial file", async () => {
    const dataDir = await tempDir();
    const error = await downloadAceBench({ dataDir, baseUrl: `${baseUrl}/missing` }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AgentScopeError);
    expect((error as Error).message).toContain("HTTP 404");
    expect(await readdir(dataDir)).toEqual([]);
  });

  it("writes milestone arguments as ACEBench does: strings quoted as is, others as Python's str()", async () => {
    const { ACEProcessAccuracy } = await import("./ace-metrics.js");
    const metric = new ACEProcessAccuracy([
      "[plan(city='北京', days=3, stops=['a', 'b'], fast=True, note=None)]",
    ]);
    const call = {
      type: "tool_use" as const,
      id: "c",
      name: "plan",
      input: { city: "北京", days: 3, stops: ["a", "b"], fast: true, note: null },
    };
    expect(
      metric.compute({ success: true, output: null, trajectory: [call], meta: null }).result,
    ).toBe(1);
  });

  it("draws the download's progress bar on a terminal, and nothing on a pipe", () => {
    const written: string[] = [];
    const tty = {
      isTTY: true,
      write: (text: string) => written.push(text),
    } as unknown as NodeJS.WriteStream;
    const bar = downloadProgressBar(tty);
    bar({ file: "a.json", receivedBytes: 2048, totalBytes: 4096, filesDone: 1, filesTotal: 2 });
    bar({ file: "b.json", receivedBytes: 4096, totalBytes: 4096, filesDone: 2, filesTotal: 2 });
    expect(written).toEqual([
      `\r\x1b[2KACEBench [${"#".repeat(18)}${"-".repeat(6)}] 1/2 a.json 2 KB`,
      `\r\x1b[2KACEBench [${"#".repeat(24)}] 2/2 b.json 4 KB`,
      "\n",
    ]);
    const pipe = {
      isTTY: false,
      write: (text: string) => written.push(text),
    } as unknown as NodeJS.WriteStream;
    downloadProgressBar(pipe)({
      file: "a.json",
      receivedBytes: 1,
      totalBytes: 1,
      filesDone: 0,
      filesTotal: 1,
    });
    expect(written).toHaveLength(3);
  });
});
