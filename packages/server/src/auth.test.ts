import { describe, expect, it } from "vitest";
import { bearerTokens } from "./auth.js";

const req = (authorization?: string) =>
  new Request("http://x/", authorization ? { headers: { authorization } } : {});

describe("bearerTokens", () => {
  it("maps each token to its user and refuses anything else", async () => {
    const auth = bearerTokens({ "tok-a": "alice", "tok-b": "bob" });
    expect(await auth(req("Bearer tok-a"))).toEqual({ userId: "alice" });
    expect(await auth(req("bearer tok-b"))).toEqual({ userId: "bob" });
    expect(await auth(req("Bearer tok-c"))).toBeNull();
    expect(await auth(req("Basic tok-a"))).toBeNull();
    expect(await auth(req())).toBeNull();
  });
});
