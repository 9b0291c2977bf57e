import { ValidationError } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { filterToSql } from "./sql-filter.js";

describe("filterToSql", () => {
  it("turns fields into json_extract conditions with bound values", () => {
    expect(filterToSql(undefined)).toEqual({ sql: "1", params: [] });
    expect(filterToSql({ doc_id: ["a", "b"], "content.type": "text", done: true })).toEqual({
      sql: "json_extract(metadata, ?) IN (?, ?) AND json_extract(metadata, ?) IN (?) AND json_extract(metadata, ?) IN (?)",
      params: ["$.doc_id", "a", "b", "$.content.type", "text", "$.done", 1],
    });
  });

  it("refuses field names that are not identifiers and values that are not scalars", () => {
    expect(() => filterToSql({ "a') OR 1=1 --": "x" })).toThrow(ValidationError);
    expect(() => filterToSql({ a: [] })).toThrow(/non-empty array/);
    expect(() => filterToSql({ a: { b: 1 } as never })).toThrow(/string, number or boolean/);
  });
});
