import {
  ChatModelBase,
  type ChatModelCallOptions,
  type ChatModelRequest,
  type ChatResponse,
  createChatResponse,
  type ProviderChatModelOptions,
} from "@agentscope-ts/core";
import type { EchoMessage } from "./echo-formatter.js";

/**
 * Options of {@link EchoChatModel}: the option names every provider shares (core's provider kit:
 * `apiKey`, `baseURL`, `generateKwargs`, `provider`…) plus the plugin's own.
 */
export interface EchoChatModelOptions extends ProviderChatModelOptions {
  /** Put before every answer. Default `"echo: "`. */
  prefix?: string;
  /** Answer in upper case. Default `false`. */
  shout?: boolean;
}

/**
 * The template's chat model: answers with the last user message. A real plugin calls its API in
 * `doCall` (or streams in `doStream`); retries, timeouts, abort and tracing come from
 * `ChatModelBase`.
 */
export class EchoChatModel extends ChatModelBase<EchoMessage> {
  readonly provider: string;
  readonly prefix: string;
  readonly shout: boolean;

  constructor(options: EchoChatModelOptions) {
    const { prefix, shout, provider, ...base } = options;
    super(base);
    this.provider = provider ?? "echo";
    this.prefix = prefix ?? "echo: ";
    this.shout = shout ?? false;
  }

  protected override async doCall(
    messages: readonly EchoMessage[],
    _request: ChatModelRequest<ChatModelCallOptions>,
  ): Promise<ChatResponse> {
    const users = messages.filter((m) => m.role === "user");
    const said = users.at(-1)?.text ?? "";
    const text = `${this.prefix}${this.shout ? said.toUpperCase() : said}`;
    return createChatResponse({ content: [{ type: "text", text }] });
  }
}
