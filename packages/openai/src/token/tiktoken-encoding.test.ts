import { describe, expect, it } from "vitest";
import { getEncoding, importTiktoken, type TiktokenLoader } from "./tiktoken-encoding.js";
import { TiktokenNotInstalledError } from "./tiktoken-not-installed-error.js";

/** A loader that fails as Node's `import()` does when a package is not installed. */
const missing: TiktokenLoader = async () => {
  throw Object.assign(new Error("Cannot find package 'js-tiktoken'"), {
    code: "ERR_MODULE_NOT_FOUND",
  });
};

describe("getEncoding", () => {
  it("encodes with js-tiktoken when it is installed", async () => {
    const encoding = await getEncoding("o200k_base");
    expect(encoding.encode("hello world")).toEqual([24912, 2375]);
  });

  it("reuses one tokenizer per encoding through the default loader", async () => {
    expect(await getEncoding("cl100k_base")).toBe(await getEncoding("cl100k_base", importTiktoken));
  });

  it("throws TiktokenNotInstalledError naming the package when js-tiktoken is missing", async () => {
    const error = await getEncoding("o200k_base", missing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TiktokenNotInstalledError);
    expect((error as TiktokenNotInstalledError).packageName).toBe("js-tiktoken");
    expect((error as Error).message).toContain("npm i js-tiktoken");
    expect((error as Error).cause).toMatchObject({ code: "ERR_MODULE_NOT_FOUND" });
  });

  it("passes other loader failures through unchanged", async () => {
    const broken = new Error("disk on fire");
    const error = await getEncoding("gpt2", async () => {
      throw broken;
    }).catch((e: unknown) => e);
    expect(error).toBe(broken);
  });
});
