import { z } from "zod";

/** The input of the agent-facing `record_to_memory` tool, as a zod schema. */
export const recordToMemoryParameters = z.object({
  thinking: z.string().describe("Your thinking and reasoning about what to record"),
  content: z.array(z.string()).describe("The content to remember, which is a list of strings."),
});

/** The input of the agent-facing `retrieve_from_memory` tool, as a zod schema. */
export const retrieveFromMemoryParameters = z.object({
  keywords: z
    .array(z.string())
    .describe(
      "The keywords to search for in the memory, which should be\nspecific and concise, e.g. the person's name, the date, the\nlocation, etc.",
    ),
  limit: z
    .int()
    .default(5)
    .describe(
      "The maximum number of memories to retrieve per search, i.e.,\nthe number of memories to retrieve for each keyword. Defaults\nto 5.",
    ),
});
