import { CharTokenCounter, definedFields, type Provider, providerEntry } from "@agentscope-ts/core";
import { EchoChatModel, type EchoChatModelOptions } from "./echo-chat-model.js";
import { EchoFormatter, type EchoMessage } from "./echo-formatter.js";
import { EchoMultiAgentFormatter } from "./echo-multi-agent-formatter.js";

/** What `registry.chatModel("echo:…", options)` takes: the model's options, checked at compile time. */
export type EchoProviderModelOptions = Omit<EchoChatModelOptions, "modelName" | "provider">;

/** The type of the {@link echo} provider (model options, formatter output, token counter, id). */
export type EchoProvider<Id extends string = "echo"> = Provider<
  EchoProviderModelOptions,
  EchoMessage,
  CharTokenCounter,
  Id
>;

/**
 * The template's registry provider: `createRegistry().register(echo())`, then
 * `registry.chatModel("echo:v1", { shout: true })`. `const Id` keeps a custom id literal, so the
 * registry's type knows it.
 */
export function echo<const Id extends string = "echo">(
  options: { id?: Id; prefix?: string } = {},
): EchoProvider<Id> {
  const id = (options.id ?? "echo") as Id;
  const defaults = definedFields({ prefix: options.prefix });
  // The kit's registry entry: the model factory, the two formatter classes, the token counter.
  return providerEntry({
    id,
    chatModel: (modelOptions: EchoProviderModelOptions & { modelName: string }) =>
      new EchoChatModel({ ...defaults, ...modelOptions, provider: id }),
    formatters: { chat: EchoFormatter, multiagent: EchoMultiAgentFormatter },
    tokenCounter: () => new CharTokenCounter(),
  });
}
