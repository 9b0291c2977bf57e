import { describe, expect, it } from "vitest";
import { helpText, SERVE_HELP } from "./help-text.js";
import { HELP_TOPICS } from "./parse-args.js";

describe("helpText", () => {
  it("lists every subcommand in the main help, each with a one-line description", () => {
    const usage = helpText().split("\n\n")[1]?.split("\n") ?? [];
    expect(usage[0]).toBe("Usage:");
    const lines = usage.slice(1);
    const listed = lines.map((line) => /^ {2}agentscope \[?(\w+)/.exec(line)?.[1]);
    expect(listed.sort()).toEqual([...HELP_TOPICS].sort());
    for (const line of lines) {
      // The invocation, two spaces or more, then a description on the same line.
      expect(line).toMatch(/^ {2}agentscope \S.*\S {2,}[a-z]\S*( \S+)+$/);
    }
  });

  it("has a help page for each subcommand; serve's is the one `serve --help` prints", () => {
    for (const topic of HELP_TOPICS.filter((t) => t !== "help")) {
      expect(helpText(topic)).toContain(`agentscope ${topic === "chat" ? "[chat]" : topic}`);
    }
    expect(helpText("serve")).toBe(SERVE_HELP);
    expect(SERVE_HELP).toMatch(/^Usage: agentscope serve \[options\]$/m);
    expect(helpText("help")).toBe(helpText());
  });
});
