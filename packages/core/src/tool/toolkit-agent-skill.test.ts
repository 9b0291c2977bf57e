import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ToolError } from "../errors/tool-error.js";
import { makeAgent, promptText } from "../integration/__fixtures__/react-kit.js";
import { Msg } from "../message/msg.js";
import { scriptedText } from "../testing/scripted-steps.js";
import { parseFrontMatter } from "./agent-skill.js";
import { Toolkit } from "./toolkit.js";

const root = mkdtempSync(join(tmpdir(), "agent-skills-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function skillDir(name: string, skillMd?: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  if (skillMd !== undefined) writeFileSync(join(dir, "SKILL.md"), skillMd);
  return dir;
}

const pdf = skillDir(
  "pdf",
  "---\nname: pdf\ndescription: Extract text and tables from PDF files.\nlicense: MIT\n---\n\n# PDF\nUse pypdf.\n",
);
const xlsx = skillDir(
  "xlsx",
  "---\nname: xlsx\ndescription: |\n  Read and write spreadsheets.\n---\nBody.\n",
);

describe("Toolkit: agent skills", () => {
  it("registers skills from SKILL.md and prompts them in AgentScope's words", async () => {
    const toolkit = new Toolkit();
    expect(toolkit.getAgentSkillPrompt()).toBeUndefined();
    await toolkit.registerAgentSkill(pdf);
    await toolkit.registerAgentSkill(xlsx);
    expect([...toolkit.skills.values()]).toEqual([
      { name: "pdf", description: "Extract text and tables from PDF files.", dir: pdf },
      { name: "xlsx", description: "Read and write spreadsheets.\n", dir: xlsx },
    ]);
    expect(toolkit.getAgentSkillPrompt()).toBe(
      `# Agent Skills
The agent skills are a collection of folds of instructions, scripts, and resources that you can load dynamically to improve performance on specialized tasks. Each agent skill has a \`SKILL.md\` file in its folder that describes how to use the skill. If you want to use a skill, you MUST read its \`SKILL.md\` file carefully.
## pdf
Extract text and tables from PDF files.
Check "${pdf}/SKILL.md" for how to use this skill
## xlsx
Read and write spreadsheets.

Check "${xlsx}/SKILL.md" for how to use this skill`,
    );
    toolkit.removeAgentSkill("pdf");
    toolkit.removeAgentSkill("nope"); // ignored, as AgentScope does
    expect([...toolkit.skills.keys()]).toEqual(["xlsx"]);
  });

  it("takes a custom instruction and template", async () => {
    const toolkit = new Toolkit({
      agentSkillInstruction: "Skills:",
      agentSkillTemplate: "- {name} ({dir}): {description}",
    });
    await toolkit.registerAgentSkill(pdf);
    expect(toolkit.getAgentSkillPrompt()).toBe(
      `Skills:\n- pdf (${pdf}): Extract text and tables from PDF files.`,
    );
  });

  it("refuses duplicates, missing directories, missing SKILL.md and missing fields", async () => {
    const toolkit = new Toolkit();
    await toolkit.registerAgentSkill(pdf);
    await expect(toolkit.registerAgentSkill(pdf)).rejects.toThrow(
      new ToolError("An agent skill with name 'pdf' is already registered in the toolkit."),
    );
    const missing = join(root, "missing");
    await expect(toolkit.registerAgentSkill(missing)).rejects.toThrow(
      `The skill directory '${missing}' does not exist or is not a directory.`,
    );
    const empty = skillDir("empty");
    await expect(toolkit.registerAgentSkill(empty)).rejects.toThrow(
      `The skill directory '${empty}' must include a SKILL.md file at the top level.`,
    );
    const noDescription = skillDir("nodesc", "---\nname: nodesc\n---\nBody");
    await expect(toolkit.registerAgentSkill(noDescription)).rejects.toThrow(
      `The SKILL.md file in '${noDescription}' must have a YAML Front Matter including \`name\` and \`description\` fields.`,
    );
    const noFrontMatter = skillDir("plain", "# Just markdown\n");
    await expect(toolkit.registerAgentSkill(noFrontMatter)).rejects.toBeInstanceOf(ToolError);
    expect([...toolkit.skills.keys()]).toEqual(["pdf"]);
  });

  it("reads through given SkillFiles (a runtime without a file system)", async () => {
    const toolkit = new Toolkit();
    const files = new Map([
      ["/skills/web/SKILL.md", "---\nname: web\ndescription: Browse.\n---\n"],
    ]);
    await toolkit.registerAgentSkill("/skills/web/", {
      isDirectory: async (path) => path === "/skills/web/",
      readFile: async (path) => files.get(path),
    });
    expect(toolkit.skills.get("web")).toEqual({
      name: "web",
      description: "Browse.",
      dir: "/skills/web/",
    });
  });

  it("parses front matter only at the top of the file", async () => {
    expect(await parseFrontMatter("---\na: 1\n---\n")).toEqual({ a: 1 });
    expect(await parseFrontMatter("text\n---\na: 1\n---\n")).toBeUndefined();
    expect(await parseFrontMatter("---\n[unclosed\n---\n")).toBeUndefined();
  });

  it("adds the skills prompt to the agent's system prompt", async () => {
    const { agent, model } = makeAgent([scriptedText("ok")]);
    const base = agent.sysPrompt;
    await agent.toolkit.registerAgentSkill(pdf);
    expect(agent.sysPrompt).toBe(`${base}\n\n${agent.toolkit.getAgentSkillPrompt()}`);
    await agent.call(new Msg("user", "hi", "user"));
    const sent = promptText(model.calls[0]?.messages ?? []);
    expect(sent).toContain("# Agent Skills");
    expect(sent).toContain(JSON.stringify(`Check "${pdf}/SKILL.md"`).slice(1, -1));
    // The saved state keeps the prompt without the skills.
    expect(agent.stateDict()._sys_prompt).toBe(base);
  });
});
