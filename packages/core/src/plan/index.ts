export { DefaultPlanToHint } from "./default-plan-to-hint.js";
export { InMemoryPlanStorage } from "./in-memory-plan-storage.js";
export {
  PLAN_STATES,
  Plan,
  type PlanDict,
  type PlanOptions,
  type PlanState,
  SubTask,
  type SubTaskDict,
  type SubTaskInput,
  type SubTaskOptions,
} from "./plan-model.js";
export {
  PLAN_NOTEBOOK_DESCRIPTION,
  type PlanChangeHook,
  PlanNotebook,
  type PlanNotebookOptions,
  type PlanToHint,
  type SubTaskLike,
} from "./plan-notebook.js";
export { createPlanNotebookTools } from "./plan-notebook-tools.js";
export { PlanStorageBase } from "./plan-storage-base.js";
