import { afterEach, describe, expect, it, vi } from "vitest";
import { ValidationError } from "../errors/validation-error.js";
import { captureLogs, type LogCapture } from "../testing/capture-logs.js";
import { parseLogLevel } from "./log-level.js";
import { getLogger, getLogLevel, type Logger, setLogger, setLogLevel, warnOnce } from "./logger.js";
import { pinoLogger } from "./pino-logger.js";

let logs: LogCapture | undefined;
afterEach(() => {
  logs?.restore();
  setLogger(null, { level: "INFO" });
  vi.restoreAllMocks();
});

describe("the logger seam", () => {
  it("drops the records below the level, by AgentScope's names or lower case", () => {
    logs = captureLogs("WARNING");
    const log = getLogger();
    log.debug("d");
    log.info("i");
    log.warn("w", { cause: "x" });
    log.error("e");
    expect(logs.records).toEqual([
      { level: "warn", msg: "w", fields: { cause: "x" } },
      { level: "error", msg: "e" },
    ]);
    setLogLevel("debug");
    log.debug("d2");
    expect(logs.messages()).toEqual(["w", "e", "d2"]);
    expect(getLogLevel()).toBe("debug");
  });

  it("names the field and the choices for an unknown level", () => {
    expect(() => parseLogLevel("VERBOSE", "loggingLevel")).toThrow(ValidationError);
    expect(() => parseLogLevel("VERBOSE", "loggingLevel")).toThrow(
      /loggingLevel: expected one of DEBUG, INFO, WARNING, ERROR/,
    );
    expect(parseLogLevel("ERROR")).toBe("error");
    expect(parseLogLevel("warning")).toBe("warn");
  });

  it("warns once per cause", () => {
    logs = captureLogs();
    for (let i = 0; i < 3; i++) warnOnce("a", "cause a");
    warnOnce("b", "cause b");
    expect(logs.messages("warn")).toEqual(["cause a", "cause b"]);
  });

  it("writes to the console by default, prefixed", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    getLogger().warn("careful", { field: 1 });
    getLogger().warn("plain");
    expect(warn.mock.calls).toEqual([
      ["[agentscope] careful", { field: 1 }],
      ["[agentscope] plain"],
    ]);
  });

  it("takes console itself, and pino through pinoLogger (fields first)", () => {
    const lines: unknown[][] = [];
    const pinoish = {
      debug: (obj: object, msg?: string) => lines.push(["debug", obj, msg]),
      info: (obj: object, msg?: string) => lines.push(["info", obj, msg]),
      warn: (obj: object, msg?: string) => lines.push(["warn", obj, msg]),
      error: (obj: object, msg?: string) => lines.push(["error", obj, msg]),
    };
    setLogger(pinoLogger(pinoish));
    getLogger().error("boom", { run_id: "r1" });
    expect(lines).toEqual([["error", { run_id: "r1" }, "boom"]]);
    const asConsole: Logger = console;
    expect(typeof asConsole.warn).toBe("function");
  });
});
