import { pythonJsonDumps, TokenCounterBase, ValidationError } from "@agentscope-ts/core";
import type { Tiktoken } from "js-tiktoken/lite";
import { baseAndTileTokens, highQualityImageTokens, imageSizeOfUrl } from "./image-tokens.js";
import { encodingNameForModel, getEncoding } from "./tiktoken-encoding.js";

/** Options of {@link OpenAITokenCounter}. */
export interface OpenAITokenCounterOptions {
  /** The OpenAI model whose tokenizer and image pricing are used, e.g. `"gpt-4o"`. */
  modelName: string;
  /** Downloads images given by web URL to read their size. Defaults to the global `fetch`. */
  fetch?: typeof globalThis.fetch;
}

type Loose = Record<string, unknown>;

/**
 * AgentScope's `OpenAITokenCounter`: counts the tokens of formatted OpenAI messages with tiktoken
 * (js-tiktoken's offline encodings; `o200k_base` for unknown models), images by OpenAI's vision
 * pricing (tiles or patches, sizes read from the image), and tool schemas by the OpenAI cookbook's
 * recipe.
 */
export class OpenAITokenCounter extends TokenCounterBase {
  /** The model counted for. */
  readonly modelName: string;
  private readonly fetchImpl: typeof globalThis.fetch;

  constructor(options: OpenAITokenCounterOptions) {
    super();
    if (typeof options?.modelName !== "string" || options.modelName === "") {
      throw new ValidationError("OpenAITokenCounter options", [
        { path: "modelName", message: "required (expected a non-empty string)" },
      ]);
    }
    this.modelName = options.modelName;
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  async count(messages: readonly object[], tools?: readonly unknown[]): Promise<number> {
    const encoding = await getEncoding(encodingNameForModel(this.modelName));
    // Every reply is primed with <|start|>assistant<|message|>; each message costs 3 more.
    let tokens = 3;
    for (const message of messages) {
      tokens += 3;
      for (const [key, value] of Object.entries(message)) {
        if (key === "content" && Array.isArray(value)) {
          tokens += await this.contentTokens(value, encoding);
        } else if (typeof value === "string") {
          tokens += encoding.encode(value).length;
        } else if (value === null || value === undefined) {
          continue;
        } else if (key === "tool_calls") {
          tokens += encoding.encode(pythonJsonDumps(value)).length;
        } else {
          throw new ValidationError("messages", [
            { path: key, message: `Invalid type ${typeof value} in the ${key} field` },
          ]);
        }
        if (key === "name") tokens += 1;
      }
    }
    if (tools && tools.length > 0) tokens += this.toolTokens(tools as Loose[], encoding);
    return tokens;
  }

  private async contentTokens(content: unknown[], encoding: Tiktoken): Promise<number> {
    const model = this.modelName;
    let tokens = 0;
    for (const item of content) {
      if (item === null || typeof item !== "object" || Array.isArray(item)) {
        throw new ValidationError("message content", [
          {
            path: "content",
            message: `The content field should be a list of dictionaries, but got ${typeof item}.`,
          },
        ]);
      }
      const block = item as Loose;
      if (block.type === "text") {
        tokens += encoding.encode(String(block.text ?? "")).length;
      } else if (block.type === "image_url") {
        const imageUrl = (block.image_url ?? {}) as Loose;
        const patchModel = ["gpt-4.1-mini", "gpt-4.1-nano", "o4-mini"].some((p) =>
          model.startsWith(p),
        );
        const tileModel = ["gpt-4o", "gpt-4.1", "gpt-4o-mini", "o"].some((p) =>
          model.startsWith(p),
        );
        if (!patchModel && !tileModel) continue;
        const { width, height } = await imageSizeOfUrl(String(imageUrl.url ?? ""), this.fetchImpl);
        if (patchModel) {
          const patches = Math.min(Math.ceil(width / 32) * Math.ceil(height / 32), 1536);
          const factor = model.startsWith("gpt-4.1-mini")
            ? 1.62
            : model.startsWith("gpt-4.1-nano")
              ? 2.46
              : 1.72;
          tokens += Math.ceil(patches * factor);
        } else {
          const [base, tile] = baseAndTileTokens(model);
          const detail = imageUrl.detail ?? "high";
          if (detail === "low") tokens += base;
          else if (detail === "auto" || detail === "high")
            tokens += highQualityImageTokens(base, tile, width, height);
          else {
            throw new ValidationError("image_url", [
              {
                path: "detail",
                message: `Unsupported image detail ${String(detail)}, expected one of ['low', 'auto', 'high'].`,
              },
            ]);
          }
        }
      } else {
        throw new ValidationError("message content", [
          {
            path: "type",
            message: `The type field currently only supports 'text' and 'image_url', but got ${String(block.type)}.`,
          },
        ]);
      }
    }
    return tokens;
  }

  /** The OpenAI cookbook's estimate of tool-schema tokens (AgentScope's `_calculate_tokens_for_tools`). */
  private toolTokens(tools: Loose[], encoding: Tiktoken): number {
    const funcInit = this.modelName.startsWith("gpt-4o") ? 7 : 10;
    const propInit = 3;
    const propKey = 3;
    const enumInit = -3;
    const enumItem = 3;
    const funcEnd = 12;
    let tokens = 0;
    for (const tool of tools) {
      tokens += funcInit;
      const fn = (tool.function ?? {}) as Loose;
      const description = String(fn.description ?? "").replace(/\.$/, "");
      tokens += encoding.encode(`${String(fn.name)}:${description}`).length;
      const properties = ((fn.parameters ?? {}) as Loose).properties as
        | Record<string, Loose>
        | undefined;
      const keys = Object.keys(properties ?? {});
      if (keys.length > 0) {
        tokens += propInit;
        for (const key of keys) {
          tokens += propKey;
          const prop = (properties as Record<string, Loose>)[key] ?? {};
          const type = prop.type ?? "";
          const propDescription = String(prop.description ?? "").replace(/\.$/, "");
          if (Array.isArray(prop.enum)) {
            tokens += enumInit;
            for (const item of prop.enum) tokens += enumItem + encoding.encode(String(item)).length;
          }
          tokens += encoding.encode(`${key}:${String(type)}:${propDescription}`).length;
        }
      }
    }
    return tokens + funcEnd;
  }
}
