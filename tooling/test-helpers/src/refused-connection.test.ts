import { ModelError, normalizeModelError } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { expectRefusedConnectionNamesHost } from "./refused-connection.js";

describe("expectRefusedConnectionNamesHost", () => {
  it("passes for a real refused fetch normalised with the base URL", async () => {
    await expectRefusedConnectionNamesHost("demo", "fetch failed", async (closed) => {
      try {
        await fetch(`${closed.url}/v1/x`);
      } catch (error) {
        throw normalizeModelError(error, "demo", { baseURL: closed.url });
      }
    });
  });

  it("fails when the message does not name the host, or the call succeeds", async () => {
    await expect(
      expectRefusedConnectionNamesHost("demo", "x", async () => {
        throw new ModelError("demo: network error (ECONNREFUSED): x", {
          provider: "demo",
          retryable: true,
          cause: new Error("x"),
        });
      }),
    ).rejects.toThrow();
    await expect(expectRefusedConnectionNamesHost("demo", "x", async () => "ok")).rejects.toThrow();
  });
});
