import { RegistryError } from "./registry-error.js";

/** A model string split into its provider id and model name. */
export interface ParsedModelString {
  provider: string;
  modelName: string;
}

/**
 * Splits `"provider:model"` at the first colon (`"ollama:qwen2.5:7b"` → `ollama` + `qwen2.5:7b`),
 * throwing a {@link RegistryError} that shows the expected form when a part is missing.
 */
export function parseModelString(value: string): ParsedModelString {
  if (typeof value !== "string") {
    throw new RegistryError(
      `Invalid model string: expected a string like "openai:gpt-4.1", received ${value === null ? "null" : typeof value}.`,
    );
  }
  const colon = value.indexOf(":");
  const provider = colon < 0 ? "" : value.slice(0, colon).trim();
  const modelName = colon < 0 ? "" : value.slice(colon + 1).trim();
  if (colon < 0 || provider === "" || modelName === "") {
    const problem =
      colon < 0
        ? "it has no ':'"
        : provider === ""
          ? "the provider is empty"
          : "the model name is empty";
    throw new RegistryError(
      `Invalid model string ${JSON.stringify(value)}: ${problem}. Write "<provider>:<model>", e.g. "openai:gpt-4.1".`,
    );
  }
  return { provider, modelName };
}
