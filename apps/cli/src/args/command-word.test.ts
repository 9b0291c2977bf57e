import { describe, expect, it } from "vitest";
import { commandWord } from "./command-word.js";

describe("commandWord", () => {
  it("skips leading global flags and keeps them as arguments of the command", () => {
    expect(commandWord(["--debug", "serve", "--port", "0"])).toEqual({
      command: "serve",
      args: ["--debug", "--port", "0"],
    });
    expect(commandWord(["-h", "-V", "run", "task"])).toEqual({
      command: "run",
      args: ["-h", "-V", "task"],
    });
    expect(commandWord(["serve", "--debug"])).toEqual({ command: "serve", args: ["--debug"] });
  });

  it("no command word when another flag or nothing comes first", () => {
    expect(commandWord(["--model", "x", "serve"])).toEqual({ args: ["--model", "x", "serve"] });
    expect(commandWord(["--debug"])).toEqual({ args: ["--debug"] });
    expect(commandWord([])).toEqual({ args: [] });
  });
});
