import { AgentScopeError, TokenCounterBase, ValidationError } from "@agentscope-ts/core";
import { AutoTokenizer, type Message, type PreTrainedTokenizer } from "@huggingface/transformers";
import { applyMirror, type HubOptions, pretrainedOptions } from "../loading/hub-options.js";
import { resolveModelSource } from "../loading/model-source.js";
import {
  asTransformersConversation,
  type ChatTemplateMessage,
  hasNullContent,
  type NullContent,
  toTemplateMessages,
} from "./template-messages.js";

/** transformers.js's options of `apply_chat_template` besides the tokenization switches. */
type TemplateOptions = Omit<
  NonNullable<Parameters<PreTrainedTokenizer["apply_chat_template"]>[1]>,
  "tokenize" | "return_tensor" | "return_dict"
>;

/** The files a tokenizer folder must hold. */
export const TOKENIZER_FILES: readonly string[] = ["tokenizer.json", "tokenizer_config.json"];

/** Options of {@link HuggingFaceTokenCounter} (AgentScope's keyword arguments, camelCase). */
export interface HuggingFaceTokenCounterOptions extends HubOptions {
  /** A hub id (`"Qwen/Qwen3-8B"`) or a local folder holding `tokenizer.json` + `tokenizer_config.json`. */
  pretrainedModelNameOrPath: string;
  /**
   * AgentScope's `use_fast`. transformers.js always runs the fast tokenizer's `tokenizer.json`,
   * so this is accepted for parity and has no effect.
   */
  useFastTokenizer?: boolean;
  /** AgentScope's `trust_remote_code`. transformers.js runs no remote code; no effect. */
  trustRemoteCode?: boolean;
  /** A Jinja chat template used instead of the tokenizer's own. */
  chatTemplate?: string;
  /** Extra template variables for every count, e.g. `{ enable_thinking: false }`. */
  templateKwargs?: Record<string, unknown>;
}

/**
 * Counts tokens exactly as a Hugging Face model sees them (AgentScope's
 * `HuggingFaceTokenCounter`): the formatted messages and tool schemas are rendered through the
 * tokenizer's chat template (no generation prompt) and the result is tokenized without extra
 * special tokens. Give it to a formatter as `tokenCounter` to truncate for Qwen, Llama or
 * DeepSeek by their real token counts. The tokenizer loads on first use (or {@link load}).
 */
export class HuggingFaceTokenCounter extends TokenCounterBase<ChatTemplateMessage> {
  /** The hub id or folder the tokenizer comes from. */
  readonly pretrainedModelNameOrPath: string;
  private readonly options: HuggingFaceTokenCounterOptions;
  private loading: Promise<PreTrainedTokenizer> | undefined;
  /** How null content is rendered: kept until the template fails on it, then "" (learned once). */
  private nullContent: NullContent = "keep";

  constructor(options: HuggingFaceTokenCounterOptions) {
    super();
    if (
      typeof options?.pretrainedModelNameOrPath !== "string" ||
      options.pretrainedModelNameOrPath.trim() === ""
    ) {
      throw new ValidationError("HuggingFaceTokenCounter options", [
        {
          path: "pretrainedModelNameOrPath",
          message: 'required: a hub id like "Qwen/Qwen3-8B" or a folder with tokenizer.json',
        },
      ]);
    }
    this.pretrainedModelNameOrPath = options.pretrainedModelNameOrPath;
    this.options = { ...options };
  }

  /** Loads the tokenizer once (later calls share it); a failed load is retried on the next call. */
  load(): Promise<PreTrainedTokenizer> {
    this.loading ??= this.loadTokenizer().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  /**
   * The tokens of `messages` (a formatter's output) and `tools` (JSON schemas) through the chat
   * template; `kwargs` are more template variables for this call.
   */
  async count(
    messages: readonly ChatTemplateMessage[],
    tools?: readonly unknown[],
    kwargs: Record<string, unknown> = {},
  ): Promise<number> {
    const tokenizer = await this.load();
    const ids = this.applyTemplate(messages, (conversation) =>
      tokenizer.apply_chat_template(conversation, {
        ...this.templateOptions(tools, kwargs),
        tokenize: true,
        return_tensor: false,
        return_dict: false,
      }),
    );
    return ids.length;
  }

  /** The rendered chat template of `messages` and `tools` (what {@link count} tokenizes). */
  async render(
    messages: readonly ChatTemplateMessage[],
    tools?: readonly unknown[],
    kwargs: Record<string, unknown> = {},
  ): Promise<string> {
    const tokenizer = await this.load();
    return this.applyTemplate(messages, (conversation) =>
      tokenizer.apply_chat_template(conversation, {
        ...this.templateOptions(tools, kwargs),
        tokenize: false,
      }),
    );
  }

  /**
   * Renders through `apply`, with text-only content lists joined. Null content is kept first
   * (DeepSeek's template needs it); if the template fails on it (Qwen's does), it is rendered as
   * "" from then on. A template error becomes an error naming the model.
   */
  private applyTemplate<T>(
    messages: readonly ChatTemplateMessage[],
    apply: (conversation: Message[]) => T,
  ): T {
    const conversation = (nullContent: NullContent) =>
      asTransformersConversation(toTemplateMessages(messages, nullContent));
    try {
      if (this.nullContent === "keep") {
        try {
          return apply(conversation("keep"));
        } catch (error) {
          if (!hasNullContent(messages)) throw error;
        }
      }
      const result = apply(conversation("empty"));
      this.nullContent = "empty";
      return result;
    } catch (error) {
      throw new AgentScopeError(
        `The chat template of ${JSON.stringify(this.pretrainedModelNameOrPath)} failed to render ${messages.length} message(s): ${error instanceof Error ? error.message : String(error)}. Check the messages are in the shape the template expects (OpenAI-style role/content/tool_calls), or pass a chatTemplate.`,
        { cause: error },
      );
    }
  }

  /**
   * The template options besides tokenization: the template variables (`templateKwargs`, then the
   * call's), the chat template, the tools and no generation prompt. transformers.js passes every
   * option it does not know to the template as a variable; its `ApplyChatTemplateOptions` type
   * leaves that out, so the variables are typed here as the record they are.
   */
  private templateOptions(
    tools: readonly unknown[] | undefined,
    kwargs: Record<string, unknown>,
  ): TemplateOptions & Record<string, unknown> {
    return {
      ...this.options.templateKwargs,
      ...kwargs,
      ...(this.options.chatTemplate !== undefined
        ? { chat_template: this.options.chatTemplate }
        : {}),
      tools: tools && tools.length > 0 ? [...tools] : null,
      add_generation_prompt: false,
    };
  }

  private async loadTokenizer(): Promise<PreTrainedTokenizer> {
    applyMirror(this.options);
    const hub = pretrainedOptions(this.options);
    const source = await resolveModelSource(this.pretrainedModelNameOrPath, {
      expectedFiles: TOKENIZER_FILES,
      localFilesOnly: hub.local_files_only,
      ...(hub.cache_dir !== undefined ? { cacheDir: hub.cache_dir } : {}),
    });
    const tokenizer = await AutoTokenizer.from_pretrained(
      source.kind === "local" ? source.path : source.id,
      hub,
    );
    if (!tokenizer.chat_template && this.options.chatTemplate === undefined) {
      throw new AgentScopeError(
        `The tokenizer of ${JSON.stringify(this.pretrainedModelNameOrPath)} has no chat template ` +
          "(tokenizer_config.json has no chat_template). Pass one as `chatTemplate`, or use the " +
          "tokenizer of a chat model.",
      );
    }
    return tokenizer;
  }
}
