import { CliError, EXIT } from "../cli-error.js";
import { ensureLocalModel } from "./ensure-local-model.js";
import type { LoadedModel, ModelSettings } from "./loaded-model.js";
import type { ModelChoice } from "./model-choice.js";
import { resolveThroughRegistry } from "./registry-model.js";

/** What the offline download error suggests instead. */
export const OFFLINE_HINT =
  "set an API key (OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY, DASHSCOPE_API_KEY) or OLLAMA_HOST, or pass a local GGUF file with --model llama-cpp:/path/to/model.gguf";

/**
 * Loads the embedded local model with `@agentscope-ts/llama-cpp` (imported here, on first use):
 * the GGUF file named by `llama-cpp:PATH|URL`, or the default model (Qwen2.5-1.5B-Instruct, or
 * `AGENTSCOPE_MODEL_URL`), downloaded once into `AGENTSCOPE_MODELS_DIR` (default
 * `~/.cache/agentscope/models`) after the user agrees (asked in chat, `--yes` in run), with a
 * progress bar showing speed and time left.
 */
export async function loadLocalModel(
  choice: ModelChoice,
  settings: ModelSettings,
): Promise<LoadedModel> {
  const llama = await import("@agentscope-ts/llama-cpp");
  const { env, stderr } = settings;
  const isDefault = choice.modelName === "";
  const uri = isDefault
    ? (env.AGENTSCOPE_MODEL_URL ?? "").trim() || llama.DEFAULT_MODEL.uri
    : choice.modelName;
  const dir = llama.defaultModelDir(env);

  const isDefaultModel = uri === llama.DEFAULT_MODEL.uri;
  let modelPath: string;
  try {
    modelPath = await ensureLocalModel(llama, {
      uri,
      dir,
      ...(isDefaultModel
        ? { name: llama.DEFAULT_MODEL.name, knownSize: llama.DEFAULT_MODEL.approximateSize }
        : {}),
      alternatives:
        "set AGENTSCOPE_MODEL_URL to another GGUF file (a path or URL), or pass --model llama-cpp:/path/to/model.gguf",
      confirm: settings.confirmDownload,
      stderr,
      note: (fileName) => {
        const what = isDefaultModel
          ? `the local model ${llama.DEFAULT_MODEL.name} (${llama.DEFAULT_MODEL.approximateSize}, ${llama.DEFAULT_MODEL.license}, first run only)`
          : `the model ${fileName}`;
        const why = isDefault ? `${choice.reason}, so ` : "";
        return `agentscope: ${why}downloading ${what} into ${dir}. Set an API key or --model to use another.`;
      },
      offlineHint: OFFLINE_HINT,
      ...(isDefault && isDefaultModel && llama.DEFAULT_MODEL.sha256
        ? { sha256: llama.DEFAULT_MODEL.sha256 }
        : {}),
    });
  } catch (error) {
    if (error instanceof Error && /^no model file at /.test(error.message)) {
      throw new CliError(
        `${error.message}: check the path in --model llama-cpp:PATH (a .gguf file, or an http(s):// or hf: URL)`,
        { exitCode: EXIT.usage, cause: error },
      );
    }
    throw error;
  }

  const generateKwargs = settings.maxTokens !== undefined ? { maxTokens: settings.maxTokens } : {};
  // Through core's registry like every other model: `llama-cpp:<path>` names the GGUF file.
  const loaded = resolveThroughRegistry(llama.llamaCpp(), modelPath, {
    generateKwargs,
    ...(settings.contextSize !== undefined ? { contextSize: settings.contextSize } : {}),
    ...(settings.threads !== undefined ? { threads: settings.threads } : {}),
  });
  const { model } = loaded;
  // The registry built a LlamaCppChatModel (the llama-cpp provider builds no other).
  const dispose = async () => {
    if (model instanceof llama.LlamaCppChatModel) await model.dispose();
  };
  return { ...loaded, dispose };
}
