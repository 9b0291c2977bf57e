import { describe, expect, it } from "vitest";
import { dataUrlMediaSaver } from "../formatter/base64-media-saver.js";
import { toolFormatterOptions } from "./tool-formatter-options.js";

describe("toolFormatterOptions", () => {
  it("passes promotion, the media saver and the media IO on", () => {
    const readLocalFile = async () => new Uint8Array();
    const fetch = globalThis.fetch;
    expect(
      toolFormatterOptions({
        promoteToolResultImages: true,
        saveBase64Data: dataUrlMediaSaver,
        mediaIO: { readLocalFile, fetch },
      }),
    ).toEqual({
      promoteToolResultImages: true,
      saveBase64Data: dataUrlMediaSaver,
      readLocalFile,
      fetch,
    });
  });
});
