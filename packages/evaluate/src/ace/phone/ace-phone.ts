import { pythonRepr, type ToolDefinition, ValidationError } from "@agentscope-ts/core";
import { FoodPlatformApp } from "./food-platform-app.js";
import { MessageApp } from "./message-app.js";
import type { PhoneState, ToolArgs } from "./phone-state.js";
import { ReminderApp } from "./reminder-app.js";
import { TravelApp } from "./travel-app.js";

/** A tool function of the phone: takes the model's arguments, returns the text the model reads. */
export type AcePhoneTool = (args: ToolArgs) => string;

/**
 * The phone ACEBench simulates (AgentScope's `ACEPhone`): Wi-Fi and login, and the message,
 * reminder, food delivery and travel apps whose state the tools change. A task's solution calls
 * its tools; {@link currentState} is the final state `ACEAccuracy` compares with the ground truth.
 * Tool results are what AgentScope's tools return, as Python prints them (`{'status': True, …}`).
 */
export class ACEPhone {
  readonly state: PhoneState = { wifi: false, logged_in: false };
  readonly messages = new MessageApp(this.state);
  readonly reminders = new ReminderApp(this.state);
  readonly foodPlatform = new FoodPlatformApp(this.state);
  readonly travel = new TravelApp();

  /**
   * A fresh phone in the start state of an ACEBench task (`task.metadata.initialConfig`). Make one
   * per solution: repeats and concurrent solutions of a task must not share a phone.
   */
  static forTask(task: { metadata: Record<string, unknown> | null }): ACEPhone {
    const phone = new ACEPhone();
    phone.loadInitialConfig((task.metadata?.initialConfig ?? {}) as Record<string, unknown>);
    return phone;
  }

  /** Loads an ACEBench `initial_config` (only `BaseApi`'s `wifi` and `logged_in` are read, as in AgentScope). */
  loadInitialConfig(initialConfig: Record<string, unknown>): void {
    if (Object.keys(initialConfig).length === 0) return;
    // ACEBench's typo "Baspi" for "BaseApi".
    const base = (initialConfig.BaseApi ?? initialConfig.Baspi) as Partial<PhoneState> | undefined;
    if (!base || !("wifi" in base) || !("logged_in" in base)) {
      throw new ValidationError("ACEBench initial_config", [
        { path: "BaseApi", message: "expected { wifi, logged_in }" },
      ]);
    }
    this.state.wifi = Boolean(base.wifi);
    this.state.logged_in = Boolean(base.logged_in);
  }

  /** The state ACEBench compares: `[{ BaseApi }, { MessageApi }, { ReminderApi }, { FoodPlatform }, { Travel }]`. */
  currentState(): Record<string, unknown>[] {
    return [
      { BaseApi: { ...this.state } },
      this.messages.stateDict(),
      this.reminders.stateDict(),
      this.foodPlatform.stateDict(),
      this.travel.stateDict(),
    ];
  }

  /** The tool `name`; a ValidationError when the phone has none by that name. */
  getToolFunction(name: string): AcePhoneTool {
    const run = this.#method(name);
    return (args) => {
      const result = run(args ?? {});
      return typeof result === "string" ? result : pythonRepr(result);
    };
  }

  /**
   * Core tools for a task's function schemas (`task.metadata.tools`, as `ACEBenchmark` gives them),
   * bound to this phone: register them in the agent's `Toolkit`.
   */
  tools(
    schemas: readonly {
      function: { name: string; description?: string; parameters?: Record<string, unknown> };
    }[],
  ): ToolDefinition[] {
    return schemas.map(({ function: fn }) => {
      const run = this.getToolFunction(fn.name);
      return {
        name: fn.name,
        description: fn.description ?? "",
        parameters: fn.parameters ?? { type: "object", properties: {} },
        ownArgumentErrors: true,
        execute: (input: Record<string, unknown>) => run(input),
      };
    });
  }

  #method(name: string): (args: ToolArgs) => unknown {
    if (name === "turn_on_wifi") {
      return () => {
        this.state.wifi = true;
        return { status: true, message: "wifi已经打开" };
      };
    }
    if (name === "login_device") {
      return () => {
        this.state.logged_in = true;
        return { status: true, message: "设备已经登录" };
      };
    }
    for (const [app, names] of [
      [this.messages, MessageApp.toolFunctions],
      [this.foodPlatform, FoodPlatformApp.toolFunctions],
      [this.reminders, ReminderApp.toolFunctions],
      [this.travel, TravelApp.toolFunctions],
    ] as const) {
      if ((names as readonly string[]).includes(name)) {
        const method = (app as unknown as Record<string, (args: ToolArgs) => unknown>)[name]!;
        return (args) => method.call(app, args);
      }
    }
    throw new ValidationError("ACEPhone tool", [
      { path: "name", message: `no tool '${name}' on the phone` },
    ]);
  }
}
