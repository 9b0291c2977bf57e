import {
  A2A_PROTOCOL_VERSION,
  type AgentCard,
  type AgentSkill,
  type SecurityRequirement,
  type SecurityScheme,
} from "@a2a-js/sdk";
import { type AgentBase, type ToolFunctionSchema, ValidationError } from "@agentscope-ts/core";
import { anyOfSchemes } from "./security-schemes.js";

/** The options of {@link buildAgentCard}. */
export interface BuildAgentCardOptions {
  /** The URL of the JSON-RPC endpoint where the agent is served, e.g. `http://host/a2a/friday`. */
  url: string;
  /** The card's name. Defaults to the agent's name. */
  name?: string;
  /** What the agent is for. Defaults to a sentence naming the agent. */
  description?: string;
  /** The agent's version. Default `"1.0.0"`. */
  version?: string;
  /** Skills to advertise; defaults to one skill per active tool of the agent's toolkit. */
  skills?: AgentSkill[];
  /** The organization serving the agent. */
  provider?: { organization: string; url: string };
  /** Media types the agent accepts. Default: text, images, audio, video and JSON. */
  defaultInputModes?: string[];
  /** Media types the agent answers with. Default: text and JSON. */
  defaultOutputModes?: string[];
  /**
   * The security schemes the endpoint checks, by name (OpenAPI-style; see `httpBearerScheme`).
   * Default: none (the agent is open).
   */
  securitySchemes?: Record<string, SecurityScheme>;
  /**
   * Which schemes a caller must satisfy: any one requirement of the list, each requirement all of
   * its schemes. Default: any one of `securitySchemes`.
   */
  securityRequirements?: SecurityRequirement[];
}

interface HasToolkit {
  toolkit?: { getJsonSchemas(): ToolFunctionSchema[] };
}

/**
 * Builds the A2A agent card of one of our agents: its name, a description, a JSON-RPC interface
 * at `url` (A2A 1.0 and v0.3, streaming), a skill per tool of its toolkit (for a ReActAgent), and the
 * security schemes its endpoint checks. Serve it as JSON with the SDK's `AgentCard.toJSON`.
 */
export function buildAgentCard(agent: AgentBase, options: BuildAgentCardOptions): AgentCard {
  const name = options.name ?? agent.name;
  const securitySchemes = options.securitySchemes ?? {};
  for (const requirement of options.securityRequirements ?? []) {
    for (const scheme of Object.keys(requirement.schemes)) {
      if (!Object.hasOwn(securitySchemes, scheme)) {
        throw new ValidationError("agent card options", [
          {
            path: "securityRequirements",
            message: `requires scheme '${scheme}', which securitySchemes does not declare (declared: ${Object.keys(securitySchemes).join(", ") || "none"})`,
          },
        ]);
      }
    }
  }
  const tools = (agent as unknown as HasToolkit).toolkit?.getJsonSchemas() ?? [];
  const skills =
    options.skills ??
    tools.map(
      (tool): AgentSkill => ({
        id: tool.function.name,
        name: tool.function.name,
        description: tool.function.description,
        tags: ["tool"],
        examples: [],
        inputModes: [],
        outputModes: [],
        securityRequirements: [],
      }),
    );
  return {
    name,
    description: options.description ?? `${name}, an AgentScope-TS agent.`,
    // The same endpoint speaks both: 1.0 first (our clients pick it), 0.3 for a2a-sdk 0.3 callers
    // (AgentScope Python 1.0.x), which send no `A2A-Version` header.
    supportedInterfaces: [
      {
        url: options.url,
        protocolBinding: "JSONRPC",
        tenant: "",
        protocolVersion: A2A_PROTOCOL_VERSION,
      },
      { url: options.url, protocolBinding: "JSONRPC", tenant: "", protocolVersion: "0.3" },
    ],
    provider: options.provider,
    version: options.version ?? "1.0.0",
    capabilities: { streaming: true, pushNotifications: false, extensions: [] },
    securitySchemes,
    securityRequirements: options.securityRequirements ?? anyOfSchemes(securitySchemes),
    defaultInputModes: options.defaultInputModes ?? [
      "text/plain",
      "image/*",
      "audio/*",
      "video/*",
      "application/json",
    ],
    defaultOutputModes: options.defaultOutputModes ?? ["text/plain", "application/json"],
    skills,
    signatures: [],
  };
}
