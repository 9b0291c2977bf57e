import { describe, expect, it } from "vitest";
import { pythonJson, tableToJson, tableToMarkdown } from "./table-format.js";

describe("table formats (AgentScope's _table_to_markdown / _table_to_json)", () => {
  it("writes Markdown with a separator row and pads short rows", () => {
    expect(tableToMarkdown([["a", "b"], ["c"]])).toBe("| a | b |\n| --- | --- |\n| c |  |\n");
    expect(tableToMarkdown([])).toBe("");
  });

  it("writes JSON as Python's json.dumps(ensure_ascii=False) does", () => {
    // python3 -c 'import json; print(json.dumps([["é", "x\n"], []], ensure_ascii=False))'
    expect(pythonJson([["é", "x\n"], []])).toBe('[["é", "x\\n"], []]');
    expect(pythonJson({ A1: "n" })).toBe('{"A1": "n"}');
    expect(tableToJson([["a"]])).toBe(
      '<system-info>A table loaded as a JSON array:</system-info>\n[["a"]]',
    );
  });
});
