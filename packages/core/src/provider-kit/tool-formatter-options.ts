import type { Base64MediaSaver } from "../formatter/base64-media-saver.js";

/** What a multi-agent formatter shares with the chat formatter of its tool sequences. */
export interface ToolFormatterSource<ReadLocalFile, Fetch> {
  /** Whether tool-result images are promoted to a user message. */
  readonly promoteToolResultImages: boolean;
  /** Where base64 media inside tool results go. */
  readonly saveBase64Data: Base64MediaSaver;
  /** How local files and web media are read. */
  readonly mediaIO: { readonly readLocalFile: ReadLocalFile; readonly fetch: Fetch };
}

/**
 * The options a multi-agent formatter's `createToolFormatter` passes its provider's chat
 * formatter: image promotion, media saving and media IO, as the multi-agent formatter has them.
 */
export function toolFormatterOptions<ReadLocalFile, Fetch>(
  source: ToolFormatterSource<ReadLocalFile, Fetch>,
) {
  return {
    promoteToolResultImages: source.promoteToolResultImages,
    saveBase64Data: source.saveBase64Data,
    readLocalFile: source.mediaIO.readLocalFile,
    fetch: source.mediaIO.fetch,
  };
}
