/**
 * `gen_ai.provider.name` values, as AgentScope infers them: from the model's provider id, and for
 * OpenAI-compatible clients from the base URL they call.
 */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  dashscope: "dashscope",
  openai: "openai",
  anthropic: "anthropic",
  gemini: "gcp.gemini",
  ollama: "ollama",
  deepseek: "deepseek",
  trinity: "openai",
};

/** Base-URL fragments of OpenAI-compatible APIs and the provider they mean (AgentScope's table). */
const BASE_URL_PROVIDERS: readonly (readonly [string, string])[] = [
  ["api.openai.com", "openai"],
  ["dashscope", "dashscope"],
  ["deepseek", "deepseek"],
  ["moonshot", "moonshot"],
  ["generativelanguage.googleapis.com", "gcp.gemini"],
  ["openai.azure.com", "azure.ai.openai"],
  ["amazonaws.com", "aws.bedrock"],
];

/** Reads `model.client.baseURL` (the OpenAI SDK's) or `model.baseURL` when there is one. */
function baseUrlOf(model: object): string | undefined {
  const m = model as { baseURL?: unknown; client?: { baseURL?: unknown } };
  let client: { baseURL?: unknown } | undefined;
  try {
    client = m.client;
  } catch {
    // A client not built yet (an OpenAI model where the SDK loads before its first request).
  }
  const url = client?.baseURL ?? m.baseURL;
  return typeof url === "string" && url !== "" ? url : undefined;
}

/**
 * The `gen_ai.provider.name` of a chat or embedding model. AgentScope maps its class names; we map
 * the `provider` id the same way, look at the base URL for OpenAI-compatible clients, and keep
 * ids it does not know (e.g. `llama-cpp`) as they are rather than `unknown`.
 */
export function providerNameOf(model: { readonly provider: string }): string {
  const id = model.provider;
  if (id === "openai") {
    const url = baseUrlOf(model);
    if (url) {
      for (const [fragment, name] of BASE_URL_PROVIDERS) if (url.includes(fragment)) return name;
    }
    return "openai";
  }
  return PROVIDER_NAMES[id] ?? id;
}

/**
 * `agentscope.format.target` of a formatter, as AgentScope derives it: the class name without
 * `ChatFormatter` / `MultiAgentFormatter`, lower-cased and mapped; `unknown` otherwise.
 */
export function formatTargetOf(formatter: object): string {
  const key = formatter.constructor.name
    .replace(/ChatFormatter$/, "")
    .replace(/MultiAgentFormatter$/, "")
    .toLowerCase();
  return PROVIDER_NAMES[key] ?? "unknown";
}
