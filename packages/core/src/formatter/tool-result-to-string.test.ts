import { describe, expect, it, vi } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import type { ToolResultOutputBlock } from "../message/content-block.js";
import { dataUrlMediaSaver } from "./base64-media-saver.js";
import { convertToolResultToString } from "./tool-result-to-string.js";

const TEMP = "/var/folders/gf/krg8x_ws409cpw_46b2s6rjc0000gn/T/tmpfymnv2w9";

describe("convertToolResultToString", () => {
  it("returns a string output unchanged and null as an empty string", async () => {
    const saver = vi.fn(dataUrlMediaSaver);
    expect(await convertToolResultToString("42", saver)).toEqual({ text: "42", media: [] });
    expect(await convertToolResultToString(null, saver)).toEqual({ text: "", media: [] });
    expect(saver).not.toHaveBeenCalled();
  });

  it("returns a single text bare and several pieces as '- ' lines", async () => {
    expect(
      (await convertToolResultToString([{ type: "text", text: "only" }], dataUrlMediaSaver)).text,
    ).toBe("only");
    expect(
      (
        await convertToolResultToString(
          [
            { type: "text", text: "a" },
            { type: "text", text: "b" },
          ],
          dataUrlMediaSaver,
        )
      ).text,
    ).toBe("- a\n- b");
    expect((await convertToolResultToString([], dataUrlMediaSaver)).text).toBe("");
  });

  it("references URL media and saves base64 media through the injected saver, in order", async () => {
    // The case of the reference's dashscope tool result (conformance: dashscope-chat_formatter-1).
    const saver = vi.fn().mockReturnValueOnce(`${TEMP}.wav`).mockResolvedValueOnce(`${TEMP}.mp4`);
    const output: ToolResultOutputBlock[] = [
      { type: "text", text: "The capital of Japan is Tokyo." },
      { type: "image", source: { type: "url", url: "./image.png" } },
      {
        type: "audio",
        source: { type: "base64", media_type: "audio/wav", data: "ZmFrZSBhdWRpbyBjb250ZW50" },
      },
      {
        type: "video",
        source: { type: "base64", media_type: "video/mp4", data: "ZmFrZSB2aWRlbyBjb250ZW50" },
      },
    ];
    const result = await convertToolResultToString(output, saver);
    expect(result.text).toBe(
      "- The capital of Japan is Tokyo.\n" +
        "- The returned image can be found at: ./image.png\n" +
        `- The returned audio can be found at: ${TEMP}.wav\n` +
        `- The returned video can be found at: ${TEMP}.mp4`,
    );
    expect(saver.mock.calls).toEqual([
      ["audio/wav", "ZmFrZSBhdWRpbyBjb250ZW50"],
      ["video/mp4", "ZmFrZSB2aWRlbyBjb250ZW50"],
    ]);
    expect(result.media).toEqual([
      { url: "./image.png", block: output[1] },
      { url: `${TEMP}.wav`, block: output[2] },
      { url: `${TEMP}.mp4`, block: output[3] },
    ]);
  });

  it("defaults to data URLs for base64 media", async () => {
    const result = await convertToolResultToString(
      [{ type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } }],
      dataUrlMediaSaver,
    );
    expect(result.text).toBe("The returned image can be found at: data:image/png;base64,AAAA");
  });

  it("names the bad block in its errors", async () => {
    const bad = (output: unknown) =>
      convertToolResultToString(output as ToolResultOutputBlock[], dataUrlMediaSaver);
    await expect(bad([{ type: "text", text: "x" }, 3])).rejects.toThrow(
      /output\[1\]: expected a text/,
    );
    await expect(bad([{ type: "image" }])).rejects.toThrow(/output\[0\]\.source: required/);
    await expect(bad([{ type: "image", source: { type: "file" } }])).rejects.toThrow(
      /output\[0\]\.source\.type: expected "url" or "base64"/,
    );
    await expect(bad([{ type: "thinking", thinking: "" }])).rejects.toThrow(
      /output\[0\]\.type: unsupported block type/,
    );
    await expect(bad({ type: "text" })).rejects.toBeInstanceOf(ValidationError);
  });
});
