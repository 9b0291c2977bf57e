import { ModelError, ValidationError } from "@agentscope-ts/core";
import { OpenAIChatModel } from "@agentscope-ts/openai";
import { createTestServer } from "@agentscope-ts/test-server";
import { describe, expect, it } from "vitest";
import { CliError, describeError, exitCodeOf, formatFatal } from "./cli-error.js";

describe("describeError on a network error", () => {
  it("keeps the host the provider's message names and adds what to check", async () => {
    // A port nothing listens on, reached through a real provider model.
    const closed = await createTestServer({});
    await closed.close();
    const model = new OpenAIChatModel({
      modelName: "gpt-4.1-mini",
      apiKey: "k",
      baseURL: `${closed.url}/v1`,
      maxRetries: 0,
    });
    const error = await model.call([{ role: "user", content: "hi" }]).catch((e: unknown) => e);
    expect(describeError(error)).toBe(
      `openai: network error reaching ${new URL(closed.url).host} (ECONNREFUSED): Connection error.; check your network connection and the server address (--base-url)`,
    );
  });
});

describe("describeError", () => {
  it("gives one line with advice by HTTP status", () => {
    const status = (s: number) =>
      describeError(new ModelError("openai: 401 bad key\nmore", { status: s, provider: "openai" }));
    expect(status(401)).toBe(
      "openai: 401 bad key more; check the API key of openai (or --base-url)",
    );
    expect(status(404)).toContain("check the model name in --model");
    expect(status(429)).toContain("rate limit");
    expect(status(503)).toContain("try again later");
    expect(describeError(new ModelError("openai: network error: Connection error."))).toContain(
      "check your network connection",
    );
    expect(describeError(new ValidationError("x", [{ path: "a", message: "bad" }]))).not.toContain(
      "\n",
    );
    expect(describeError(new TypeError("nope"))).toBe("TypeError: nope");
  });

  it("prints the stack only with --debug, and exits with the error's code", () => {
    const error = new CliError("bad flag", { exitCode: 2 });
    expect(formatFatal(error, false)).toBe("agentscope: bad flag\n");
    expect(formatFatal(error, true)).toMatch(/^agentscope: bad flag\nCliError: bad flag\n\s+at /);
    expect(exitCodeOf(error)).toBe(2);
    expect(exitCodeOf(new Error("x"))).toBe(1);
  });
});
