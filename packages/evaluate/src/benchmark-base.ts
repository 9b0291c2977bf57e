import { ValidationError } from "@agentscope-ts/core";
import type { Task } from "./task.js";

/** A benchmark: a name, a description and its tasks as an async iterable (AgentScope's `BenchmarkBase`). */
export abstract class BenchmarkBase implements AsyncIterable<Task> {
  readonly name: string;
  readonly description: string;
  #byId: Map<string, Task> | undefined;

  constructor(name: string, description: string) {
    this.name = name;
    this.description = description;
  }

  /** The tasks, in order. */
  abstract [Symbol.asyncIterator](): AsyncIterator<Task>;

  /** How many tasks there are (default: counts them). */
  async size(): Promise<number> {
    let n = 0;
    for await (const _ of this) n++;
    return n;
  }

  /** The task with `id` (default: iterates once and keeps an index); a ValidationError if unknown. */
  async getTask(id: string): Promise<Task> {
    if (!this.#byId) {
      const byId = new Map<string, Task>();
      for await (const task of this) byId.set(task.id, task);
      this.#byId = byId;
    }
    const task = this.#byId.get(id);
    if (!task) {
      throw new ValidationError("task id", [
        {
          path: "id",
          message: `benchmark '${this.name}' has no task '${id}' (is the worker running the same benchmark as the producer?)`,
        },
      ]);
    }
    return task;
  }
}

/** A benchmark over a list of tasks (or a function that makes them). */
export class ArrayBenchmark extends BenchmarkBase {
  readonly tasks: readonly Task[];

  constructor(options: { name: string; description?: string; tasks: readonly Task[] }) {
    super(options.name, options.description ?? "");
    const seen = new Set<string>();
    for (const [i, task] of options.tasks.entries()) {
      if (seen.has(task.id)) {
        throw new ValidationError("benchmark", [
          {
            path: `tasks[${i}].id`,
            message: `'${task.id}' is used twice; task ids must be unique`,
          },
        ]);
      }
      seen.add(task.id);
    }
    this.tasks = options.tasks;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Task> {
    yield* this.tasks;
  }

  override async size(): Promise<number> {
    return this.tasks.length;
  }
}
