import { StateError } from "@agentscope-ts/core";
import type OpenAI from "openai";
import { checkClientType, createOpenAIClient, type OpenAIClientOptions } from "./openai-client.js";
import { loadOpenAISdk, type OpenAISdk, openAISdkNow } from "./openai-sdk.js";

/**
 * A model's SDK client, built once the `openai` SDK is loaded: in the constructor where the
 * runtime loads it synchronously (Node ≥ 22.12), else before the first request (`ready()`).
 * `options.client` is used as given. Option errors are thrown by the constructor either way.
 */
export class OpenAIClientRef {
  #client: OpenAI | undefined;
  readonly #options: OpenAIClientOptions;
  readonly #owner: string;

  /** `owner` is the model's class name, used in errors. */
  constructor(options: OpenAIClientOptions, owner: string) {
    checkClientType(options, owner);
    this.#options = options;
    this.#owner = owner;
    const sdk = openAISdkNow();
    if (sdk || options.client) this.#client = createOpenAIClient(options, owner, sdk);
  }

  /**
   * The client once the SDK is loaded too (a request's errors are then the SDK's classes, even for
   * a client passed in); `undefined` until then (only where the SDK loads asynchronously).
   */
  get current(): OpenAI | undefined {
    return openAISdkNow() && this.#client;
  }

  /** The client; a {@link StateError} naming the fix while the SDK still loads. */
  get client(): OpenAI {
    if (this.#client) return this.#client;
    const sdk = openAISdkNow();
    if (!sdk) {
      throw new StateError(
        `${this.#owner}.client: this runtime loads the "openai" SDK asynchronously, and it has not loaded yet. Read it after the model's first call, or pass your own \`client\`.`,
      );
    }
    return this.#build(sdk);
  }

  /** The client once the SDK is loaded (a request's errors are the SDK's classes): at once where it is. */
  ready(): OpenAI | Promise<OpenAI> {
    const sdk = openAISdkNow();
    if (sdk) return this.#build(sdk);
    return Promise.resolve(loadOpenAISdk()).then((loaded) => this.#build(loaded));
  }

  #build(sdk: OpenAISdk): OpenAI {
    this.#client ??= createOpenAIClient(this.#options, this.#owner, sdk);
    return this.#client;
  }
}
