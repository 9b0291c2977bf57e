import { describe, expect, it } from "vitest";
import { StudioError } from "./studio-error.js";
import { loadOtel, startStudioTracing } from "./studio-tracing.js";

describe("startStudioTracing", () => {
  it("names the missing package when tracing is asked for and @agentscope-ts/otel is absent", async () => {
    const missing = async () => null;
    const error = await startStudioTracing("http://127.0.0.1:1", "r", true, 1000, missing).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StudioError);
    expect((error as Error).message).toMatch(
      /needs the package @agentscope-ts\/otel.*npm i @agentscope-ts\/otel/,
    );
  });

  it("goes without tracing when it was not asked for and the package is absent", async () => {
    expect(
      await startStudioTracing("http://127.0.0.1:1", "r", false, 1000, async () => null),
    ).toBeNull();
  });

  it("loads the installed package and exports to {url}/v1/traces", async () => {
    expect(await loadOtel()).not.toBeNull();
    const tracing = await startStudioTracing("http://127.0.0.1:1", "r", true, 1000);
    expect(tracing?.url).toBe("http://127.0.0.1:1/v1/traces");
    await tracing?.shutdown();
  });
});
