import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ModelError, ValidationError } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { CliError, describeError, exitCodeOf, formatFatal, unreachableHost } from "./cli-error.js";

describe("describeError names the host a network error could not reach", () => {
  it("from a real refused connection (address and port on the cause)", async () => {
    // A port nothing listens on: open a server, note its port, close it.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const cause = await fetch(`http://127.0.0.1:${port}/v1`).catch((e: unknown) => e);
    const error = new ModelError("openai: network error: Connection error.", {
      cause: new Error("Connection error.", { cause }),
    });
    expect(describeError(error)).toBe(
      `openai: network error: Connection error.; could not reach 127.0.0.1:${port}: check your network connection and the server address (--base-url)`,
    );
  });

  it("does not repeat a host the provider's message already names", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const cause = await fetch(`http://127.0.0.1:${port}/v1`).catch((e: unknown) => e);
    const message = `openai: network error reaching 127.0.0.1:${port} (ECONNREFUSED): Connection error.`;
    const error = new ModelError(message, { cause: new Error("Connection error.", { cause }) });
    expect(describeError(error)).toBe(
      `${message}; check your network connection and the server address (--base-url)`,
    );
  });

  it("from a failed DNS lookup (hostname on the cause)", async () => {
    const cause = await fetch("http://no-such-host.invalid/").catch((e: unknown) => e);
    const error = new ModelError("openai: network error: Connection error.", { cause });
    expect(unreachableHost(error)).toBe("no-such-host.invalid");
  });

  it("from a message only, and nothing when there is no host to name", () => {
    expect(
      unreachableHost(new Error("x", { cause: new Error("connect ECONNREFUSED [::1]:11434") })),
    ).toBe("[::1]:11434");
    expect(unreachableHost(new Error("Connection error."))).toBeUndefined();
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
