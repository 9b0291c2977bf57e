import { describe, expect, it } from "vitest";
import { runExample } from "./run-example.ts";

// Every example runs offline, as CI runs them: a subprocess against the local replay server.
describe("examples --offline", () => {
  it("tool-agent: calls the tool and answers with its result", async () => {
    const run = await runExample("tool-agent.ts", ["--offline"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('[tool call] get_weather({"city":"Paris"})');
    expect(run.stdout).toContain("Sunny, 24°C in Paris");
    expect(run.stdout).toMatch(/\[reply\] \(offline model\) I read 4 messages/);
  });

  it("debate: two agents take turns in a MsgHub and both hear everything", async () => {
    const run = await runExample("debate.ts", ["--offline"]);
    expect(run.code).toBe(0);
    expect(run.stdout.match(/^Alice: /gm)).toHaveLength(2);
    expect(run.stdout.match(/^Bob: /gm)).toHaveLength(2);
    // Motion + own 2 replies + the other's 2 replies + the closing announcement.
    expect(run.stdout).toContain("Alice remembers 6 messages, Bob 6.");
  });

  it("structured-output: typed metadata from agent.call and model.call", async () => {
    const run = await runExample("structured-output.ts", ["--offline"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Paris (Paris): about 42 inhabitants");
    expect(run.stdout).toContain(
      'model.call gave: {"name":"Paris","country":"Paris","population":42}',
    );
  });

  it("session-resume: the resumed agent starts with the saved memory", async () => {
    const run = await runExample("session-resume.ts", ["--offline"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/saved 2 messages to .*ada\.json/);
    expect(run.stdout).toContain("resumed with 2 messages");
    expect(run.stdout).toContain("now 4 messages");
  });

  it("mcp-tools: registers the MCP server's echo tool and calls it", async () => {
    const run = await runExample("mcp-tools.ts", ["--offline"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/the server offers \d+ tools; registered: echo/);
    expect(run.stdout).toContain('[reply] (offline model) I read 4 messages: "Echo: Paris"');
  });

  it("local-model: runs a GGUF model in the process", async () => {
    const run = await runExample("local-model.ts", ["--offline"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\[reply from tiny\] \d+ characters/);
  });

  it("without --offline and without a key, says what to set", async () => {
    const run = await runExample("tool-agent.ts", [], { OPENAI_API_KEY: "" });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Set OPENAI_API_KEY");
    expect(run.stderr).toContain("--offline");
  });
});
