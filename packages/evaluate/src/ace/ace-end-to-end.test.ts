import { type Msg, ReActAgent, Toolkit } from "@agentscope-ts/core";
import {
  PlainFormatter,
  ScriptedChatModel,
  scriptedText,
  scriptedToolCall,
} from "@agentscope-ts/core/testing";
import { expect, it } from "vitest";
import { tempDirs } from "../__fixtures__/temp-dirs.js";
import { ArrayBenchmark } from "../benchmark-base.js";
import { agentSolution } from "../evaluator/agent-solution.js";
import { GeneralEvaluator } from "../evaluator/general-evaluator.js";
import { FileEvaluatorStorage } from "../storage/file-evaluator-storage.js";
import { type AceItem, aceTask } from "./ace-benchmark.js";
import { ACEPhone } from "./phone/ace-phone.js";

const tempDir = tempDirs("as-ace-e2e-");
const inbox = new ACEPhone().messages.stateDict() as {
  MessageApi: { inbox: Record<string, unknown> };
};
const { "1": _deleted, ...kept } = inbox.MessageApi.inbox;

// An ACEBench multi-step item: the inbox is full, so the agent must turn on Wi-Fi, delete a
// message and then send one.
const item: AceItem = {
  id: "agent_multi_step_1",
  question: "user: 删掉第1条短信，然后以Eve的身份给Frank发短信：明天见",
  initial_config: { BaseApi: { wifi: false, logged_in: true } },
  function: ["turn_on_wifi", "delete_message", "send_message"].map((name) => ({
    name,
    description: name,
    parameters: { type: "dict", properties: {} },
  })),
  ground_truth: [
    { BaseApi: { wifi: true, logged_in: true } },
    {
      MessageApi: {
        inbox: { ...kept, "7": { sender_id: "USR100", receiver_id: "USR101", message: "明天见" } },
      },
    },
  ],
  mile_stone: [
    "[turn_on_wifi()]",
    "[delete_message(message_id=1)]",
    "[send_message(sender_name='Eve', receiver_name='Frank', message='明天见')]",
  ],
  language: "zh",
  tags: { language: "zh", category: "agent_multi_step" },
};

it("scores a scripted ReAct agent on the simulated phone: right steps score 1, a skipped step 0", async () => {
  const storage = new FileEvaluatorStorage({ saveDir: await tempDir() });
  const solution = agentSolution({
    createAgent(task, { repeatId }) {
      const phone = ACEPhone.forTask(task);
      const toolkit = new Toolkit();
      for (const tool of phone.tools(task.metadata?.tools as never))
        toolkit.registerToolFunction(tool);
      // Repeat 0 does every step; repeat 1 forgets to turn on Wi-Fi, so the message is not sent.
      const steps = [
        ...(repeatId === "0" ? [scriptedToolCall("turn_on_wifi")] : []),
        scriptedToolCall("delete_message", { message_id: 1 }),
        scriptedToolCall("send_message", {
          sender_name: "Eve",
          receiver_name: "Frank",
          message: "明天见",
        }),
        scriptedText("好了"),
      ];
      const agent = new ReActAgent({
        name: "Friday",
        sysPrompt: "Solve the task with your tools.",
        model: new ScriptedChatModel({ script: steps }),
        formatter: new PlainFormatter(),
        toolkit,
        consoleOutputEnabled: false,
      });
      phones.set(agent, phone);
      return agent;
    },
    toOutput: (_reply: Msg, agent) => phones.get(agent)?.currentState() as never,
  });
  const phones = new WeakMap<object, ACEPhone>();
  const benchmark = new ArrayBenchmark({ name: "ACEBench", tasks: [aceTask(item)] });
  const { aggregation } = await new GeneralEvaluator({
    name: "ace",
    benchmark,
    nRepeat: 2,
    nWorkers: 2,
    storage,
  }).run(solution);

  expect(aggregation.repeats["0"]?.metrics.accuracy?.distribution).toEqual({
    agent_multi_step_1: 1,
  });
  expect(aggregation.repeats["0"]?.metrics.process_accuracy?.distribution).toEqual({
    agent_multi_step_1: 1,
  });
  expect(aggregation.repeats["1"]?.metrics.accuracy?.distribution).toEqual({
    agent_multi_step_1: 0,
  });
  expect(aggregation.repeats["1"]?.metrics.process_accuracy?.distribution).toEqual({
    agent_multi_step_1: 0,
  });
  const missed = await storage.getEvaluationResult("agent_multi_step_1", "1", "process_accuracy");
  expect(missed.message).toBe(
    "Error: Missing milestone '[turn_on_wifi()]' in the given trajectory.",
  );
  // The tool results the model read are AgentScope's, printed as Python prints them.
  const trajectory = JSON.stringify(
    (await storage.getSolutionResult("agent_multi_step_1", "1")).trajectory,
  );
  expect(trajectory).toContain("{'status': False, 'message': 'wifi关闭，此时不能发送信息'}");
  expect(aggregation.total_stats.tool).toEqual({
    turn_on_wifi: 1,
    delete_message: 2,
    send_message: 2,
  });
});
