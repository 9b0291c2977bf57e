import { z } from "zod";

/** The structured summary the model writes when memory is compressed (AgentScope's `SummarySchema`). */
export const SummarySchema = z.object({
  task_overview: z
    .string()
    .max(300)
    .describe(
      "The user's core request and success criteria.\nAny clarifications or constraints they specified",
    ),
  current_state: z
    .string()
    .max(300)
    .describe(
      "What has been completed so far.\nFile created, modified, or analyzed (with paths if relevant).\nKey outputs or artifacts produced.",
    ),
  important_discoveries: z
    .string()
    .max(300)
    .describe(
      "Technical constraints or requirements uncovered.\nDecisions made and their rationale.\nErrors encountered and how they were resolved.\nWhat approaches were tried that didn't work (and why)",
    ),
  next_steps: z
    .string()
    .max(200)
    .describe(
      "Specific actions needed to complete the task.\nAny blockers or open questions to resolve.\nPriority order if multiple steps remain",
    ),
  context_to_preserve: z
    .string()
    .max(300)
    .describe(
      "User preferences or style requirements.\nDomain-specific details that aren't obvious.\nAny promises made to the user",
    ),
});

/** The structured output of the query rewrite (AgentScope's `_QueryRewriteModel`). */
export const QueryRewriteSchema = z.object({
  rewritten_query: z
    .string()
    .describe("The rewritten query, which should be specific and concise. "),
});
