import type { JsonSchemaObject } from "./tool-definition.js";
import type { ToolGroup } from "./tool-group.js";

/** The name of the meta tool an agent calls to choose its tool groups. */
export const META_TOOL_NAME = "reset_equipped_tools";

/** The meta tool's description, word for word AgentScope's. */
export const META_TOOL_DESCRIPTION = `This function allows you to activate or deactivate tool groups
dynamically based on your current task requirements.
**Important: Each call sets the absolute final state of ALL tool
groups, not incremental changes**. Any group not explicitly set to True
will be deactivated, regardless of its previous state.

**Best practice**: Actively manage your tool groups——activate only
what you need for the current task, and promptly deactivate groups as
soon as they are no longer needed to conserve context space.

The function will return the usage instructions for the activated tool
groups, which you **MUST pay attention to and follow**. You can also
reuse this function to check the notes of the tool groups.`;

/** The meta tool's arguments: one optional boolean per group (except `basic`), default `false`. */
export function metaToolParameters(groups: Iterable<ToolGroup>): JsonSchemaObject {
  const properties: Record<string, unknown> = {};
  for (const group of groups) {
    if (group.name === "basic") continue;
    properties[group.name] = { type: "boolean", description: group.description, default: false };
  }
  return { type: "object", properties };
}

/** The notes of the active groups, as AgentScope puts them in the prompt. */
export function formatActivatedNotes(groups: Iterable<ToolGroup>): string {
  const notes: string[] = [];
  for (const group of groups) {
    if (group.active && group.notes)
      notes.push(`## About Tool Group '${group.name}'\n${group.notes}`);
  }
  return notes.join("\n");
}

/** The meta tool's answer after activating `activated` (AgentScope's exact text). */
export function formatMetaToolResult(activated: readonly string[], notes: string): string {
  let text = "";
  if (activated.length > 0) {
    text += `Now tool groups ${activated.map((name) => `'${name}'`).join(", ")} are activated.`;
  }
  if (notes) text += ` You MUST follow these notes to use these tools:\n<notes>${notes}</notes>`;
  return text || "All tool groups are now deactivated currently.";
}
