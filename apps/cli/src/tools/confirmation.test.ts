import { Toolkit, type ToolResponse, type ToolUseBlock } from "@agentscope-ts/core";
import { describe, expect, it } from "vitest";
import { type AskUser, confirmationMiddleware, needsConsent } from "./confirmation.js";

function toolkitWith(policy: "allow" | "ask" | "refuse", ask?: AskUser) {
  const ran: string[] = [];
  const toolkit = new Toolkit();
  for (const name of ["execute_shell_command", "view_text_file"]) {
    toolkit.registerToolFunction({
      name,
      description: name,
      parameters: { type: "object", properties: { command: { type: "string" } } },
      execute: (input) => {
        ran.push(`${name}:${String(input.command)}`);
        return "ran";
      },
    });
  }
  toolkit.registerMiddleware(confirmationMiddleware(policy, ask));
  return { toolkit, ran };
}

async function call(toolkit: Toolkit, name: string): Promise<string> {
  const use: ToolUseBlock = { type: "tool_use", id: "c", name, input: { command: "ls -la" } };
  let last: ToolResponse | undefined;
  for await (const r of toolkit.callTool(use)) last = r;
  return last?.content.map((b) => (b.type === "text" ? b.text : "")).join("") ?? "";
}

describe("confirmationMiddleware", () => {
  it("allow runs everything", async () => {
    const { toolkit, ran } = toolkitWith("allow");
    expect(await call(toolkit, "execute_shell_command")).toBe("ran");
    expect(ran).toEqual(["execute_shell_command:ls -la"]);
  });

  it("refuse answers code tools with a result naming --yes, and lets other tools run", async () => {
    const { toolkit, ran } = toolkitWith("refuse");
    const text = await call(toolkit, "execute_shell_command");
    expect(text).toMatch(/^The user did not allow execute_shell_command: .*--yes/);
    expect(await call(toolkit, "view_text_file")).toBe("ran");
    expect(ran).toEqual(["view_text_file:ls -la"]);
  });

  it("ask shows the command and runs it only on yes", async () => {
    const questions: string[] = [];
    let answer = false;
    const { toolkit, ran } = toolkitWith("ask", async (question) => {
      questions.push(question);
      return answer;
    });
    expect(await call(toolkit, "execute_shell_command")).toMatch(
      /^The user did not allow this execute_shell_command call/,
    );
    answer = true;
    expect(await call(toolkit, "execute_shell_command")).toBe("ran");
    expect(await call(toolkit, "view_text_file")).toBe("ran");
    expect(questions).toEqual([
      "Allow execute_shell_command: ls -la ? [y/N] ",
      "Allow execute_shell_command: ls -la ? [y/N] ",
    ]);
    expect(ran).toEqual(["execute_shell_command:ls -la", "view_text_file:ls -la"]);
  });

  it("guards the tools that write or execute, and MCP tools of servers not trusted", () => {
    const servers: Record<string, string> = { echo: "plain", fetch: "vetted" };
    const rule = needsConsent((name) => servers[name], new Set(["vetted"]));
    for (const name of [
      "execute_shell_command",
      "execute_python_code",
      "write_text_file",
      "insert_text_file",
      "echo",
    ]) {
      expect(rule(name), name).toBe(true);
    }
    for (const name of ["view_text_file", "fetch", "generate_response"]) {
      expect(rule(name), name).toBe(false);
    }
  });

  it("passes the tool call to the question, for the terminal to draw its line first", async () => {
    const seen: string[] = [];
    const { toolkit } = toolkitWith("ask", async (_question, _signal, toolCall) => {
      seen.push(`${toolCall.id}:${toolCall.name}`);
      return false;
    });
    await call(toolkit, "execute_shell_command");
    expect(seen).toEqual(["c:execute_shell_command"]);
  });
});
