import { describe, expect, it } from "vitest";
import { ModelError } from "../errors/model-error.js";
import { ValidationError } from "../errors/validation-error.js";
import { rejectionOf } from "./rejection-of.js";

describe("rejectionOf", () => {
  it("returns the typed error a promise rejects with", async () => {
    const error = new ModelError("boom", { provider: "p", retryable: false });
    await expect(rejectionOf(Promise.reject(error), ModelError)).resolves.toBe(error);
  });

  it("throws when the promise resolves or rejects with another type", async () => {
    await expect(rejectionOf(Promise.resolve(1), ModelError)).rejects.toThrow(
      "expected a rejection with ModelError, it resolved",
    );
    await expect(
      rejectionOf(Promise.reject(new ModelError("x", { provider: "p" })), ValidationError),
    ).rejects.toThrow(/expected a rejection with ValidationError, got ModelError: x/);
  });
});
