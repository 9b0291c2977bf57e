import { z } from "zod";

// The input schemas of AgentScope Studio's tRPC router (packages/server/src/trpc/router.ts and
// packages/shared/src/types/trpc.ts of agentscope-ai/agentscope-studio), written again in zod 4
// from that public source: same fields, same optional/nullable rules, same block shapes.

const text = z.object({ type: z.literal("text"), text: z.string() });
const thinking = z.object({ type: z.literal("thinking"), thinking: z.string() });
const source = z.union([
  z.object({ type: z.literal("base64"), media_type: z.string(), data: z.string() }),
  z.object({ type: z.literal("url"), url: z.string() }),
]);
const image = z.object({ type: z.literal("image"), source });
/** Studio's audio block (also the shape of `speech`). */
export const audioBlockSchema = z.object({ type: z.literal("audio"), source });
const video = z.object({ type: z.literal("video"), source });
const toolUse = z.object({
  type: z.literal("tool_use"),
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
});
const toolResult = z.object({
  type: z.literal("tool_result"),
  id: z.string(),
  name: z.string(),
  output: z.union([z.string(), z.array(z.union([text, image, audioBlockSchema, video]))]),
});
const contentBlock = z.union([text, thinking, image, audioBlockSchema, video, toolUse, toolResult]);

/** Studio's run statuses. */
export const statusSchema = z.enum(["running", "pending", "done", "unknown"]);

/** `registerRun`. */
export const registerRunSchema = z.object({
  id: z.string(),
  project: z.string(),
  name: z.string(),
  timestamp: z.string(),
  pid: z.number(),
  status: statusSchema,
  run_dir: z.string().optional().nullable(),
});

/** `requestUserInput`. */
export const requestUserInputSchema = z.object({
  requestId: z.string(),
  runId: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  structuredInput: z.record(z.string(), z.unknown()).nullable(),
});

/** `registerReply` (Studio's `RegisterReplyParamsSchema`). */
export const registerReplySchema = z.object({
  runId: z.string(),
  replyId: z.string(),
  replyRole: z.string(),
  replyName: z.string(),
  createdAt: z.string(),
});

/** `pushMessage`. */
export const pushMessageSchema = z.object({
  runId: z.string(),
  replyId: z.string().optional().nullable(),
  replyName: z.string().optional().nullable(),
  replyRole: z.string().optional().nullable(),
  msg: z.object({
    id: z.string(),
    name: z.string(),
    role: z.string(),
    content: z.union([z.string(), z.array(contentBlock)]),
    metadata: z.unknown(),
    timestamp: z.string(),
  }),
  name: z.string().optional().nullable(),
  role: z.string().optional().nullable(),
  speech: z
    .union([audioBlockSchema, z.array(audioBlockSchema)])
    .optional()
    .nullable(),
});

/** The procedures an agent process calls, by name. */
export const studioInputSchemas = {
  registerRun: registerRunSchema,
  requestUserInput: requestUserInputSchema,
  registerReply: registerReplySchema,
  pushMessage: pushMessageSchema,
} as const;
