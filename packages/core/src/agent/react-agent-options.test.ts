import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toValidationIssues } from "../errors/validate.js";
import { ValidationError } from "../errors/validation-error.js";
import { InMemoryMemory } from "../memory/in-memory-memory.js";
import { LongTermMemoryBase } from "../memory/long-term-memory-base.js";
import { MemoryBase } from "../memory/memory-base.js";
import { PlanNotebook } from "../plan/plan-notebook.js";
import { KnowledgeBase } from "../rag/knowledge-base.js";
import { Toolkit } from "../tool/toolkit.js";
import { validateReActAgentOptions } from "./react-agent-options.js";

// The zod schema the options were checked with before the hand-written checks (commit db21145),
// kept here to prove the errors did not change.
const hasMethods = (value: unknown, ...methods: string[]): boolean =>
  typeof value === "object" &&
  value !== null &&
  methods.every((m) => typeof (value as Record<string, unknown>)[m] === "function");
const instance = <T>(cls: abstract new (...args: never[]) => T, what: string) =>
  z.custom<T>((value) => value instanceof cls, { message: `expected ${what}` });
const zodOptions = z.object({
  name: z.string().min(1),
  sysPrompt: z.string(),
  model: z.custom((v) => hasMethods(v, "call", "stream"), {
    message: "expected a chat model (a ChatModelBase with call() and stream())",
  }),
  formatter: z.custom((v) => hasMethods(v, "format"), {
    message: "expected a formatter (a FormatterBase with format(msgs))",
  }),
  toolkit: instance(Toolkit, "a Toolkit").optional(),
  memory: instance(MemoryBase, "a MemoryBase (e.g. new InMemoryMemory())").optional(),
  longTermMemory: instance(LongTermMemoryBase, "a LongTermMemoryBase").optional(),
  longTermMemoryMode: z.enum(["agent_control", "static_control", "both"]).optional(),
  enableMetaTool: z.boolean().optional(),
  parallelToolCalls: z.boolean().optional(),
  knowledge: z
    .union([
      instance(KnowledgeBase, "a KnowledgeBase"),
      z.array(instance(KnowledgeBase, "a KnowledgeBase")),
    ])
    .optional(),
  enableRewriteQuery: z.boolean().optional(),
  planNotebook: instance(PlanNotebook, "a PlanNotebook").optional(),
  printHintMsg: z.boolean().optional(),
  maxIters: z.int().nonnegative().optional(),
  compressionConfig: z
    .object({
      enable: z.boolean(),
      agentTokenCounter: z.custom((v) => hasMethods(v, "count"), {
        message: "expected a token counter (an object with count(messages))",
      }),
      triggerThreshold: z.number().nonnegative(),
      keepRecent: z.int().nonnegative().optional(),
      compressionPrompt: z.string().optional(),
      summaryTemplate: z.string().optional(),
      summarySchema: z
        .custom((v) => typeof (v as { safeParse?: unknown })?.safeParse === "function", {
          message: "expected a zod schema",
        })
        .optional(),
      compressionModel: z
        .custom((v) => hasMethods(v, "call", "stream"), { message: "expected a ChatModelBase" })
        .optional(),
      compressionFormatter: z
        .custom((v) => hasMethods(v, "format"), { message: "expected a FormatterBase" })
        .optional(),
    })
    .optional(),
  consoleOutputEnabled: z.boolean().optional(),
});

const model = { call() {}, stream() {} };
const formatter = { format() {} };
const ok = { name: "a", sysPrompt: "p", model, formatter };
class Kb extends KnowledgeBase {
  async retrieve() {
    return [];
  }
  async addDocuments() {}
}

const CORPUS: unknown[] = [
  ok,
  {
    ...ok,
    toolkit: new Toolkit(),
    memory: new InMemoryMemory(),
    knowledge: [new Kb()],
    maxIters: 0,
    compressionConfig: { enable: true, agentTokenCounter: { count() {} }, triggerThreshold: 1 },
  },
  null,
  "options",
  {},
  { ...ok, name: "" },
  { ...ok, name: 3, sysPrompt: null, model: {}, formatter: null },
  { ...ok, toolkit: {}, memory: [], longTermMemory: 1, planNotebook: "x" },
  { ...ok, longTermMemoryMode: "sometimes", enableMetaTool: "yes", printHintMsg: 0 },
  { ...ok, knowledge: {} },
  { ...ok, knowledge: [new Kb(), {}] },
  { ...ok, knowledge: "kb" },
  { ...ok, maxIters: -1 },
  { ...ok, maxIters: 1.5 },
  { ...ok, maxIters: "3" },
  { ...ok, compressionConfig: 5 },
  { ...ok, compressionConfig: {} },
  {
    ...ok,
    compressionConfig: {
      enable: 1,
      agentTokenCounter: {},
      triggerThreshold: -2,
      keepRecent: 0.5,
      compressionPrompt: 1,
      summaryTemplate: [],
      summarySchema: {},
      compressionModel: {},
      compressionFormatter: {},
    },
  },
];

describe("validateReActAgentOptions", () => {
  it("reports what the zod schema reported, over a corpus of good and bad options", () => {
    for (const value of CORPUS) {
      let issues: readonly unknown[] = [];
      try {
        validateReActAgentOptions(value as never);
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        issues = (error as ValidationError).issues;
      }
      const zod = zodOptions.safeParse(value);
      expect({ value, issues }).toEqual({
        value,
        issues: zod.success ? [] : toValidationIssues(zod.error, value),
      });
    }
  });
});

describe("PlanNotebook options", () => {
  it("names a bad maxSubtasks as zod did", () => {
    const zodNotebook = z.object({ maxSubtasks: z.int().positive().nullish() });
    for (const maxSubtasks of [0, -1, 1.5, "2", 3, null, undefined]) {
      let issues: readonly unknown[] = [];
      try {
        new PlanNotebook({ maxSubtasks } as never);
      } catch (error) {
        issues = (error as ValidationError).issues;
      }
      const zod = zodNotebook.safeParse({ maxSubtasks });
      expect(issues).toEqual(zod.success ? [] : toValidationIssues(zod.error, { maxSubtasks }));
    }
  });
});
