/** A named group of tools that is switched on and off together: AgentScope's `ToolGroup`. */
export interface ToolGroup {
  /** The group name; the meta tool `reset_equipped_tools` takes it as an argument name. */
  name: string;
  /** Whether the group's tools are offered to the model. */
  active: boolean;
  /** What the group is for, shown to the model in the meta tool's schema. */
  description: string;
  /** How to use the group's tools; added to the prompt while the group is active. */
  notes?: string | undefined;
}
