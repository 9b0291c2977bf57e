import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  camelOptions,
  caseMessages,
  conformanceCases,
  recordingSaver,
} from "./conformance-cases.js";

const dir = mkdtempSync(join(tmpdir(), "conformance-cases-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("conformance case helpers", () => {
  it("lists cases, substitutes {{CWD}}, writes the case's files and builds its messages", () => {
    const testCase = {
      formatter: "X",
      options: { promote_tool_result_images: true },
      input: [
        {
          name: "user",
          role: "user",
          content: [{ type: "image", source: { type: "url", url: "{{CWD}}/a.png" } }],
        },
      ],
      expected: null,
      files: { "a.png": { utf8: "png" } },
      mocks: {
        saver: {
          calls_in_order: [{ media_type: "image/png", base64_data: "cG5n", returns: "/tmp/1.png" }],
        },
      },
    };
    writeFileSync(join(dir, "b.json"), JSON.stringify(testCase));
    writeFileSync(join(dir, "a.json"), JSON.stringify({ ...testCase, files: {} }));
    writeFileSync(join(dir, "notes.txt"), "not a case");
    const cases = conformanceCases(pathToFileURL(`${dir}/`), "cases-test-");
    try {
      expect(cases.files).toEqual(["a.json", "b.json"]);
      const loaded = cases.load("b.json");
      expect(readFileSync(join(cases.cwd, "a.png"), "utf8")).toBe("png");
      expect(JSON.stringify(loaded.input)).toContain(`${cases.cwd}/a.png`);
      expect(camelOptions(loaded.options)).toEqual({ promoteToolResultImages: true });
      const [msg] = caseMessages(loaded);
      expect(msg?.role).toBe("user");
      expect(msg?.name).toBe("user");

      const saver = recordingSaver(loaded);
      expect(saver.saveBase64Data("image/png", "cG5n")).toBe("/tmp/1.png");
      expect(saver.saveBase64Data("image/png", "eA==")).toBe("unexpected-save-2");
      expect(saver.saves[0]).toEqual(saver.expectedSaves[0]);
      expect(saver.saves).toHaveLength(2);
    } finally {
      cases.cleanup();
    }
    expect(existsSync(cases.cwd)).toBe(false);
  });
});
