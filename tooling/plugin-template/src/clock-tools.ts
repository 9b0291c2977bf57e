import { type ToolDefinition, type Toolkit, tool } from "@agentscope-ts/core";
import { z } from "zod";

/** The template's tool set: date arithmetic an agent can call. */
export function clockTools(): ToolDefinition[] {
  return [
    tool({
      name: "add_days",
      description: "Add a number of days to an ISO date (YYYY-MM-DD) and return the new date.",
      parameters: z.object({
        date: z.iso.date().describe("The start date, YYYY-MM-DD."),
        days: z.int().describe("How many days to add (negative to go back)."),
      }),
      execute: ({ date, days }) => {
        const d = new Date(`${date}T00:00:00Z`);
        d.setUTCDate(d.getUTCDate() + days);
        return d.toISOString().slice(0, 10);
      },
    }),
    tool({
      name: "weekday",
      description: "The English weekday of an ISO date (YYYY-MM-DD).",
      parameters: z.object({ date: z.iso.date().describe("The date, YYYY-MM-DD.") }),
      execute: ({ date }) =>
        new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
          weekday: "long",
          timeZone: "UTC",
        }),
    }),
  ] as ToolDefinition[];
}

/** Registers the tool set in `toolkit` as the group `clock` (active), with notes for the model. */
export function registerClockTools(toolkit: Toolkit): string[] {
  toolkit.createToolGroup("clock", "Date arithmetic tools.", {
    active: true,
    notes: "Dates are ISO (YYYY-MM-DD), in UTC.",
  });
  return clockTools().map((t) => toolkit.registerToolFunction(t, { groupName: "clock" }));
}
