import { describe, expect, it } from "vitest";
import { addConfig, scopeFilters } from "./mem0-backend.js";

describe("addConfig", () => {
  it("passes the scope's ids and infer, and metadata only when given", () => {
    expect(addConfig({ scope: { userId: "u", runId: "r" }, infer: false })).toEqual({
      userId: "u",
      runId: "r",
      infer: false,
    });
    const withMetadata = addConfig({ scope: { agentId: "a" }, infer: true, metadata: { k: 1 } });
    expect(withMetadata).toEqual({ agentId: "a", infer: true, metadata: { k: 1 } });
    expect("metadata" in addConfig({ scope: {}, infer: true })).toBe(false);
  });
});

describe("scopeFilters", () => {
  it("names the ids that are set in snake_case", () => {
    expect(scopeFilters({ userId: "u", agentId: "" })).toEqual({ user_id: "u" });
  });
});
