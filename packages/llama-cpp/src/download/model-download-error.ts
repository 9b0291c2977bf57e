import { ModelError } from "@agentscope-ts/core";

/** Options of {@link ModelDownloadError}. */
export interface ModelDownloadErrorOptions {
  /** What was being downloaded. */
  uri: string;
  /** The HTTP status, when the server answered. */
  status?: number;
  /** Whether running again can help (dropped connection: yes; 404 or bad checksum: no). */
  retryable?: boolean;
  cause?: unknown;
}

/** A model file could not be downloaded; the message is one line saying why and what to do. */
export class ModelDownloadError extends ModelError {
  /** What was being downloaded. */
  readonly uri: string;

  constructor(message: string, options: ModelDownloadErrorOptions) {
    super(message, {
      provider: "llama-cpp",
      retryable: options.retryable ?? false,
      ...(options.status !== undefined ? { status: options.status } : {}),
      ...(options.cause !== undefined ? { cause: options.cause } : {}),
    });
    this.name = "ModelDownloadError";
    this.uri = options.uri;
  }
}
