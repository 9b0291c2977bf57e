import { ValidationError } from "../errors/validation-error.js";
import { isPlainObject } from "../utils/json-value.js";
import { Plan, type PlanDict } from "./plan-model.js";
import { PlanStorageBase } from "./plan-storage-base.js";

/**
 * Keeps historical plans in memory: AgentScope's `InMemoryPlanStorage`. Its state is
 * `{"plans": {id: plan dict, ...}}`, as AgentScope saves it.
 */
export class InMemoryPlanStorage extends PlanStorageBase {
  /** The stored plans by id, in insertion order. */
  plans = new Map<string, Plan>();

  constructor() {
    super();
    this.registerState(
      "plans",
      (plans: Map<string, Plan>): Record<string, PlanDict> => {
        const out: Record<string, PlanDict> = {};
        for (const [id, plan] of plans) out[id] = plan.toDict();
        return out;
      },
      (json: unknown): Map<string, Plan> => {
        if (!isPlainObject(json)) {
          throw new ValidationError("InMemoryPlanStorage state", [
            { path: "plans", message: "expected an object of plans by id" },
          ]);
        }
        const plans = new Map<string, Plan>();
        for (const [id, dict] of Object.entries(json)) {
          try {
            plans.set(id, Plan.fromDict(dict));
          } catch (error) {
            if (!(error instanceof ValidationError)) throw error;
            throw new ValidationError(
              "InMemoryPlanStorage state",
              error.issues.map((i) => ({
                path: i.path ? `plans.${id}.${i.path}` : `plans.${id}`,
                message: i.message,
              })),
            );
          }
        }
        return plans;
      },
    );
  }

  /**
   * Stores a plan. With `override` (the default) a plan with the same id is replaced; without it,
   * that is an error.
   */
  override async addPlan(plan: Plan, override = true): Promise<void> {
    if (!(plan instanceof Plan)) {
      throw new ValidationError("plan", [{ path: "plan", message: "expected a Plan" }]);
    }
    if (!override && this.plans.has(plan.id)) {
      throw new ValidationError("plan", [
        {
          path: "plan.id",
          message: `a plan with id '${plan.id}' already exists; pass override=true to replace it`,
        },
      ]);
    }
    this.plans.set(plan.id, plan);
  }

  override async deletePlan(planId: string): Promise<void> {
    this.plans.delete(planId);
  }

  override async getPlans(): Promise<Plan[]> {
    return [...this.plans.values()];
  }

  override async getPlan(planId: string): Promise<Plan | null> {
    return this.plans.get(planId) ?? null;
  }
}
