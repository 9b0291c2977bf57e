import { afterEach, describe, expect, it } from "vitest";
import { getRunIdentity, setRunIdentity } from "./run-identity.js";

afterEach(() => setRunIdentity(null));

describe("run identity", () => {
  it("is null until set, a frozen copy once set, and null again once cleared", () => {
    expect(getRunIdentity()).toBeNull();
    const given = { project: "p", name: "n", runId: "r", createdAt: "2026-01-01 00:00:00.000" };
    setRunIdentity(given);
    given.project = "changed";
    expect(getRunIdentity()).toEqual({ ...given, project: "p" });
    expect(Object.isFrozen(getRunIdentity())).toBe(true);
    setRunIdentity(null);
    expect(getRunIdentity()).toBeNull();
  });
});
