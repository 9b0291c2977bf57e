import {
  type ChatWrapper,
  type ChatWrapperGenerateContextStateOptions,
  type ChatWrapperGeneratedContextState,
  LlamaText,
} from "node-llama-cpp";

/**
 * Wraps a chat wrapper so the model's answer starts with a function call: the rendered context
 * ends with the wrapper's call prefix (e.g. `<tool_call>\n{"name": "`) and function calling is
 * engaged from the first token, so node-llama-cpp's grammar makes the model pick one of the given
 * functions and write schema-shaped parameters. Used for `toolChoice` `"required"` or a tool name.
 */
export function forceFunctionCall(wrapper: ChatWrapper): ChatWrapper {
  const forced = Object.create(wrapper) as ChatWrapper;
  forced.generateContextState = (
    options: ChatWrapperGenerateContextStateOptions,
  ): ChatWrapperGeneratedContextState => {
    const state = wrapper.generateContextState(options);
    return {
      contextText: LlamaText([state.contextText, wrapper.settings.functions.call.prefix]),
      stopGenerationTriggers: state.stopGenerationTriggers,
      ...(state.ignoreStartText ? { ignoreStartText: state.ignoreStartText } : {}),
      functionCall: { initiallyEngaged: true, disengageInitiallyEngaged: [] },
    };
  };
  return forced;
}
