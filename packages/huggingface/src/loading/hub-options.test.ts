import { env } from "@huggingface/transformers";
import { afterEach, describe, expect, it } from "vitest";
import { applyMirror, HF_MIRROR, pretrainedOptions } from "./hub-options.js";
import { looksLikePath } from "./model-source.js";

describe("hub options", () => {
  const host = env.remoteHost;
  afterEach(() => {
    env.remoteHost = host;
  });

  it("switches the process-wide endpoint to hf-mirror.com only with useMirror", () => {
    applyMirror({});
    expect(env.remoteHost).toBe(host);
    applyMirror({ useMirror: true });
    expect(env.remoteHost).toBe(HF_MIRROR);
  });

  it("maps camelCase options onto transformers.js's from_pretrained options", () => {
    const progressCallback = () => {};
    expect(pretrainedOptions({})).toEqual({ local_files_only: false, revision: "main" });
    expect(
      pretrainedOptions({ localFilesOnly: true, cacheDir: "/c", revision: "v2", progressCallback }),
    ).toEqual({
      local_files_only: true,
      revision: "v2",
      cache_dir: "/c",
      progress_callback: progressCallback,
    });
  });

  it("tells paths from hub ids", () => {
    for (const p of ["/models/qwen", "./qwen", "../qwen", "~/qwen", "C:\\models", "a/b/c"]) {
      expect(looksLikePath(p)).toBe(true);
    }
    for (const id of ["Qwen/Qwen3-8B", "bert-base-uncased", "Xenova/all-MiniLM-L6-v2"]) {
      expect(looksLikePath(id)).toBe(false);
    }
  });
});
