import { describe, expect, it } from "vitest";
import { closedPort } from "../../test/fixtures.js";
import { CliError } from "../cli-error.js";
import { type DownloadRequest, downloadConsent, downloadSize } from "./download-consent.js";

describe("downloadConsent", () => {
  const request = async (): Promise<DownloadRequest> => ({
    name: "m.gguf",
    url: `http://127.0.0.1:${await closedPort()}/m.gguf`,
    dir: "/models",
    knownSize: "about 5 MB",
    alternatives: "use another model",
  });

  it("goes ahead with --yes without asking", async () => {
    const asked: string[] = [];
    const consent = downloadConsent({
      yes: true,
      ask: async (q) => {
        asked.push(q);
        return false;
      },
    });
    await expect(consent(await request())).resolves.toBeUndefined();
    expect(asked).toEqual([]);
  });

  it("asks with the size when it can ask, and a no is a CliError naming the alternatives", async () => {
    const asked: string[] = [];
    const answers = [true, false];
    const consent = downloadConsent({
      yes: false,
      ask: async (q) => {
        asked.push(q);
        return answers.shift() as boolean;
      },
    });
    await expect(consent(await request())).resolves.toBeUndefined();
    const error = await consent(await request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(1);
    expect((error as Error).message).toBe("not downloading m.gguf; use another model");
    // The server could not be reached: the known size stands in.
    expect(asked).toEqual([
      "Download m.gguf (about 5 MB) to /models? [y/N] ",
      "Download m.gguf (about 5 MB) to /models? [y/N] ",
    ]);
  });

  it("refuses when it cannot ask, saying to pass --yes or set an API key", async () => {
    const error = await downloadConsent({ yes: false })(await request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(2);
    expect((error as Error).message).toMatch(
      /^m\.gguf \(about 5 MB\) is not downloaded yet: pass --yes to download it to \/models, or set an API key .*; use another model$/,
    );
  });
});

describe("downloadSize", () => {
  it("falls back to the known size, then to 'unknown size'", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/m.gguf`;
    expect(await downloadSize(url, "about 1.1 GB")).toBe("about 1.1 GB");
    expect(await downloadSize(url)).toBe("unknown size");
  });
});
