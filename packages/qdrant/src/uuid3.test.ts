import { describe, expect, it } from "vitest";
import { uuid3 } from "./uuid3.js";

describe("uuid3", () => {
  it("equals Python's uuid.uuid3(uuid.NAMESPACE_DNS, name)", () => {
    // python3 -c "import uuid; print(uuid.uuid3(uuid.NAMESPACE_DNS, 'hello'))"
    expect(uuid3("hello")).toBe("0bacede4-4014-3f9d-b720-173f68a1c933");
  });
});
