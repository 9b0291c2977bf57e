import { afterEach, describe, expect, it, vi } from "vitest";
import { renamedOption } from "./renamed-option.js";

describe("renamedOption", () => {
  afterEach(() => vi.restoreAllMocks());

  it("reads the new name without a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(renamedOption("TestA", { baseURL: "http://a" }, "host", "baseURL")).toBe("http://a");
    expect(warn).not.toHaveBeenCalled();
  });

  it("reads the old name and warns once per process naming the new name", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(renamedOption("TestB", { host: "http://h" }, "host", "baseURL")).toBe("http://h");
    expect(renamedOption("TestB", { host: "http://i" }, "host", "baseURL")).toBe("http://i");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain("`host` is deprecated; use `baseURL`");
  });

  it("lets the new name win when both are given", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(renamedOption("TestC", { host: "old", baseURL: "new" }, "host", "baseURL")).toBe("new");
    expect(warn.mock.calls[0]?.[0]).toContain("both given");
  });

  it("is undefined when neither is given", () => {
    expect(renamedOption("TestD", undefined, "host", "baseURL")).toBeUndefined();
  });
});
