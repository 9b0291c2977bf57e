import { afterEach, describe, expect, it } from "vitest";
import { captureLogs, type LogCapture } from "../testing/capture-logs.js";
import { warnSkippedBlock } from "./warn-skipped-block.js";

let logs: LogCapture | undefined;
afterEach(() => logs?.restore());

describe("warnSkippedBlock", () => {
  it("warns once per formatter and block type, through the logger", () => {
    logs = captureLogs();
    warnSkippedBlock("TestFormatter", "video");
    warnSkippedBlock("TestFormatter", "video");
    warnSkippedBlock("TestFormatter", "audio");
    warnSkippedBlock("OtherFormatter", "video");
    expect(logs.messages("warn")).toEqual([
      "TestFormatter: unsupported block type video in the message, skipped.",
      "TestFormatter: unsupported block type audio in the message, skipped.",
      "OtherFormatter: unsupported block type video in the message, skipped.",
    ]);
    expect(logs.records[0]?.fields).toEqual({ formatter: "TestFormatter", block_type: "video" });
  });
});
