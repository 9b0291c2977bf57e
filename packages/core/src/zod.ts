/**
 * The zod schemas of core's data, for users who validate with zod: message blocks and dicts
 * (`msgDictSchema`, `textBlockSchema`…), plan dicts (`subTaskDictSchema`, `planDictSchema`), the
 * long-term memory tools' inputs and the ReAct agent's structured outputs (`SummarySchema`,
 * `QueryRewriteSchema`). Import from `@agentscope-ts/core/zod`; the main entry loads no zod.
 */
export { QueryRewriteSchema, SummarySchema } from "./zod/agent-schemas.js";
export { recordToMemoryParameters, retrieveFromMemoryParameters } from "./zod/memory-schemas.js";
export * from "./zod/message-schemas.js";
export { planDictSchema, subTaskDictSchema } from "./zod/plan-schemas.js";
