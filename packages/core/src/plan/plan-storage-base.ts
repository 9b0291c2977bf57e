import { StateModule } from "../state/state-module.js";
import type { Plan } from "./plan-model.js";

/**
 * Where a {@link PlanNotebook} keeps finished (historical) plans: AgentScope's `PlanStorageBase`.
 * A StateModule, so its plans are saved with the notebook.
 */
export abstract class PlanStorageBase extends StateModule {
  /** Stores a plan (replacing one with the same id). */
  abstract addPlan(plan: Plan): Promise<void>;

  /** Removes the plan with this id, if stored. */
  abstract deletePlan(planId: string): Promise<void>;

  /** Every stored plan, in the order they were first added. */
  abstract getPlans(): Promise<Plan[]>;

  /** The plan with this id, or `null`. */
  abstract getPlan(planId: string): Promise<Plan | null>;
}
