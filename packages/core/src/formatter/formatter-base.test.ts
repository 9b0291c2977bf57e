import { describe, expect, it, vi } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { Msg } from "../message/msg.js";
import { FormatterBase } from "./formatter-base.js";

class EchoFormatter extends FormatterBase {
  async format(msgs: readonly Msg[]): Promise<Record<string, unknown>[]> {
    FormatterBase.assertListOfMsgs(msgs);
    return msgs.map((m) => ({ role: m.role, content: m.getTextContent() }));
  }
}

describe("FormatterBase", () => {
  it("asserts a list of Msg objects, naming every bad index", () => {
    const ok = new Msg({ name: "u", role: "user", content: "hi" });
    expect(() => FormatterBase.assertListOfMsgs([ok])).not.toThrow();
    expect(() => FormatterBase.assertListOfMsgs("nope")).toThrow(
      /msgs: expected an array of Msg objects, received string/,
    );
    let error: unknown;
    try {
      FormatterBase.assertListOfMsgs([ok, { role: "user", content: "x" }, ok, null]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      { path: "msgs[1]", message: "expected a Msg, received a plain object" },
      { path: "msgs[3]", message: "expected a Msg, received null" },
    ]);
    expect((error as Error).message).toMatch(/Msg\.fromDict/);
  });

  it("caps the listed bad indices", () => {
    const bad = Array.from({ length: 25 }, () => 1);
    expect(() => FormatterBase.assertListOfMsgs(bad)).toThrow(/and 15 more non-Msg element/);
  });

  it("converts tool results with the injected saver", async () => {
    const saveBase64Data = vi.fn(async () => "/tmp/x.png");
    const formatter = new EchoFormatter({ saveBase64Data });
    const { text } = await formatter.convertToolResultToString([
      { type: "image", source: { type: "base64", media_type: "image/png", data: "AA==" } },
    ]);
    expect(text).toBe("The returned image can be found at: /tmp/x.png");
    expect(saveBase64Data).toHaveBeenCalledWith("image/png", "AA==");
    await expect(formatter.format([{} as Msg])).rejects.toThrow(/msgs\[0\]: expected a Msg/);
  });

  it("rejects a saver that is not a function", () => {
    expect(() => new EchoFormatter({ saveBase64Data: "x" as never })).toThrow(
      /saveBase64Data: expected a function/,
    );
  });
});
