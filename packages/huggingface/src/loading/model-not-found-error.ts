import { AgentScopeError } from "@agentscope-ts/core";

/**
 * A model folder is missing, or lacks files transformers.js needs. Names the folder, the files
 * missing and the files expected, instead of the library's `reading 'tokenizer_class'`.
 */
export class HuggingFaceModelNotFoundError extends AgentScopeError {
  override readonly code: string = "model_not_found";
  /** The folder looked in. */
  readonly path: string;
  /** The files the folder must hold (relative to it). */
  readonly expectedFiles: readonly string[];
  /** The expected files that are not there. */
  readonly missingFiles: readonly string[];

  constructor(path: string, expectedFiles: readonly string[], missingFiles: readonly string[]) {
    const what =
      missingFiles.length === expectedFiles.length && missingFiles.length > 0
        ? `the folder "${path}" does not exist or holds none of the expected files`
        : `the folder "${path}" lacks ${missingFiles.join(", ")}`;
    super(
      `No Hugging Face model found: ${what}. Expected files: ${expectedFiles.join(", ")}. ` +
        "Point pretrainedModelNameOrPath/modelName at a folder holding them (e.g. a `git clone` of the " +
        "model's hub repository), or give a hub id with remote loading on (localFilesOnly: false).",
    );
    this.path = path;
    this.expectedFiles = expectedFiles;
    this.missingFiles = missingFiles;
  }
}
