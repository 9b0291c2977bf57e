import { describe, expect, it } from "vitest";
import { AgentScopeError } from "../errors/agentscope-error.js";
import { ReaderError } from "./reader-error.js";

describe("ReaderError", () => {
  it("names the file and keeps the cause", () => {
    const cause = new Error("bad xref");
    const error = new ReaderError("/docs/a.pdf", "not a readable PDF", { cause });
    expect(error).toBeInstanceOf(AgentScopeError);
    expect(error.message).toBe("Cannot read /docs/a.pdf: not a readable PDF");
    expect(error).toMatchObject({ file: "/docs/a.pdf", code: "reader", retryable: false, cause });
  });
});
