import type {
  MessageCountTokensParams,
  MessageCreateParamsNonStreaming,
  MessageCreateParamsStreaming,
} from "@anthropic-ai/sdk/resources/messages";
import type { CountTokensBody, MessagesBody } from "./messages-request.js";

// The one place where AgentScope's request bodies meet the SDK's parameter types. The bodies are
// the SDK's types widened by the fields AgentScope v1.0.21 sends and the SDK's types leave out
// (documented on `AnthropicMessage` and `MessagesBody`: base64 images of any media type, thinking
// blocks without a signature, audio/video blocks in tool results, non-text blocks in `system`,
// tools whose schema lacks `type: "object"`, caller-given `thinking` and `generateKwargs`
// fields). The SDK sends a body as JSON unchanged, so each is handed over as it is: the
// assertions below claim the SDK's narrower type for a value that is a superset of it, and are
// the package's only ones on a request path.

/** A streaming Messages body as the SDK's `messages.create` parameters. */
export function toStreamingParams(body: MessagesBody): MessageCreateParamsStreaming {
  return { ...body, stream: true } as MessageCreateParamsStreaming;
}

/** A non-streaming Messages body as the SDK's `messages.create` parameters. */
export function toNonStreamingParams(body: MessagesBody): MessageCreateParamsNonStreaming {
  return { ...body, stream: false } as MessageCreateParamsNonStreaming;
}

/** A count-tokens body (a Messages body without `max_tokens`) as the SDK's `countTokens` parameters. */
export function toCountTokensParams(body: CountTokensBody): MessageCountTokensParams {
  return body as MessageCountTokensParams;
}
