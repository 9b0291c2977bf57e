import { nodeBuiltin, StateError } from "@agentscope-ts/core";

/** The `openai` SDK's module (its main entry). */
export type OpenAISdk = typeof import("openai");

// Why this exists: the `openai` SDK's import is ≈ 130 ms of CPU (≈ 270 modules), more than core
// and this package together and more than the AI SDK's whole import. A program that imports this
// package without building an OpenAI model (a registry of several providers, a CLI's `--help`, a
// formatter or token counter alone) should not pay it. So the SDK loads when the first client is
// built — as AgentScope's own `OpenAIChatModel.__init__` imports `openai`: synchronously where
// the runtime can load an ES module synchronously (Node ≥ 22.12's `require` of ESM, through
// `process.getBuiltinModule`, no import), so a model's `client` exists once it is constructed;
// elsewhere (browsers, Deno, an older Node) through `import("openai")` before the first request.
// Both paths load the same module instance a user's own `import "openai"` gets.
let sdk: OpenAISdk | undefined;
let loading: Promise<OpenAISdk> | undefined;
let syncTried = false;

/** The loaded `openai` SDK, loading it synchronously where the runtime can; `undefined` if not. */
export function openAISdkNow(): OpenAISdk | undefined {
  if (sdk || syncTried) return sdk;
  syncTried = true;
  sdk = requireSdk();
  return sdk;
}

/** The `openai` SDK, loaded on the first call (one shared load; a failed load is tried again). */
export function loadOpenAISdk(): OpenAISdk | Promise<OpenAISdk> {
  const now = openAISdkNow();
  if (now) return now;
  loading ??= import("openai").then(
    (module) => {
      sdk = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The loaded SDK; a {@link StateError} naming the fix where it loads asynchronously and has not yet. */
export function openAISdk(): OpenAISdk {
  const now = openAISdkNow();
  if (!now) {
    throw new StateError(
      '@agentscope-ts/openai: this runtime loads the "openai" SDK asynchronously and it has not loaded yet; await loadOpenAISdk() (from @agentscope-ts/openai/internal) first, or pass it as createOpenAIClient\'s `sdk`.',
    );
  }
  return now;
}

// `require(esm)` of the file `import` resolves to, not `require("openai")`: that would load the
// SDK's CommonJS copy, a second instance whose classes fail `instanceof` against the user's.
function requireSdk(): OpenAISdk | undefined {
  const resolve = (import.meta as { resolve?: (specifier: string) => string }).resolve;
  const nodeModule = nodeBuiltin<typeof import("node:module")>("node:module");
  const nodeUrl = nodeBuiltin<typeof import("node:url")>("node:url");
  if (typeof resolve !== "function" || !nodeModule || !nodeUrl) return undefined;
  try {
    const entry = resolve("openai");
    if (!entry.startsWith("file:")) return undefined;
    return nodeModule.createRequire(import.meta.url)(nodeUrl.fileURLToPath(entry)) as OpenAISdk;
  } catch {
    // No `require` of ESM here (Node < 22.12), or the entry is not on disk (a bundled app): the
    // first request imports it instead (and reports there why it cannot).
    return undefined;
  }
}

/** Whether `error` is the SDK's `APIError` (false while the SDK is not loaded: it cannot be one). */
export function isOpenAIApiError(error: unknown): error is InstanceType<OpenAISdk["APIError"]> {
  const loaded = openAISdkNow();
  return loaded !== undefined && error instanceof loaded.APIError;
}
