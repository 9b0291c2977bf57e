import { ValidationError } from "@agentscope-ts/core";
import OpenAI, { AzureOpenAI } from "openai";

/** How the OpenAI models build their SDK client. */
export interface OpenAIClientOptions {
  /** The API key; defaults to the `OPENAI_API_KEY` environment variable (read by the SDK). */
  apiKey?: string;
  /** The organization id; defaults to `OPENAI_ORG_ID` (read by the SDK). */
  organization?: string;
  /** The API base URL, for compatible servers (vLLM, DeepSeek, Ollama `/v1`, DashScope…). */
  baseURL?: string;
  /** `"openai"` (default) or `"azure"` (an `AzureOpenAI` client; give its options in `clientKwargs`). */
  clientType?: "openai" | "azure";
  /**
   * More options of the SDK client (`defaultHeaders`, `fetch`, Azure's `endpoint`/`apiVersion`/
   * `deployment`…). `maxRetries` is always 0: {@link ChatModelBase} does the retrying.
   */
  clientKwargs?: Record<string, unknown>;
  /** Use this client instead of building one (its own retries should be off). */
  client?: OpenAI;
}

/**
 * The SDK client of a model: `options.client`, or a new `OpenAI` / `AzureOpenAI` client with the
 * key, organization, base URL and `clientKwargs`, its own retries off. A `clientType` other than
 * `"openai"` or `"azure"` is a {@link ValidationError} naming `owner`'s option.
 */
export function createOpenAIClient(options: OpenAIClientOptions, owner: string): OpenAI {
  const clientType = options.clientType ?? "openai";
  if (clientType !== "openai" && clientType !== "azure") {
    throw new ValidationError(`${owner} options`, [
      {
        path: "clientType",
        message: `expected "openai" or "azure", received ${JSON.stringify(clientType)}`,
      },
    ]);
  }
  if (options.client) return options.client;
  const clientOptions = {
    ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
    ...(options.organization !== undefined ? { organization: options.organization } : {}),
    ...(options.baseURL !== undefined ? { baseURL: options.baseURL } : {}),
    ...options.clientKwargs,
    maxRetries: 0,
  };
  return clientType === "azure" ? new AzureOpenAI(clientOptions) : new OpenAI(clientOptions);
}
