import { ToolError } from "../errors/tool-error.js";
import { isPlainObject } from "../utils/json-value.js";

/** An agent skill: a folder with a `SKILL.md` of instructions (AgentScope's `AgentSkill`). */
export interface AgentSkill {
  /** The skill's name, from the `SKILL.md` front matter. */
  name: string;
  /** What the skill is for, from the `SKILL.md` front matter. */
  description: string;
  /** The skill's folder, as registered. */
  dir: string;
}

/** AgentScope's default instruction before the list of skills in the system prompt. */
export const DEFAULT_AGENT_SKILL_INSTRUCTION =
  "# Agent Skills\nThe agent skills are a collection of folds of instructions, scripts, and resources that you can load dynamically to improve performance on specialized tasks. Each agent skill has a `SKILL.md` file in its folder that describes how to use the skill. If you want to use a skill, you MUST read its `SKILL.md` file carefully.";

/** AgentScope's default template of one skill in the prompt (`{name}`, `{description}`, `{dir}`). */
export const DEFAULT_AGENT_SKILL_TEMPLATE = `## {name}
{description}
Check "{dir}/SKILL.md" for how to use this skill`;

/** How {@link readAgentSkill} reaches the files (Node's file system by default). */
export interface SkillFiles {
  /** Whether `path` is an existing directory. */
  isDirectory(path: string): Promise<boolean>;
  /** The UTF-8 text of the file at `path`, or `undefined` when there is no such file. */
  readFile(path: string): Promise<string | undefined>;
}

/** The most bytes of `SKILL.md` read: a skill's instructions, not a data file. */
export const MAX_SKILL_MD_CHARS = 1_000_000;

/**
 * Node's file system, loaded on first use so the browser entry never imports it (the specifier is
 * not a literal on purpose: bundlers leave it alone).
 */
async function nodeFiles(): Promise<SkillFiles> {
  const specifier = "node:fs/promises";
  let fs: typeof import("node:fs/promises");
  try {
    fs = (await import(/* @vite-ignore */ specifier)) as typeof import("node:fs/promises");
  } catch {
    throw new ToolError(
      "registerAgentSkill reads SKILL.md from the file system, which this runtime lacks. Pass a SkillFiles object, or add the skill with toolkit.addAgentSkill({ name, description, dir }).",
    );
  }
  return {
    isDirectory: async (path) => {
      try {
        return (await fs.stat(path)).isDirectory();
      } catch {
        return false;
      }
    },
    readFile: async (path) => {
      try {
        const stat = await fs.stat(path);
        if (!stat.isFile()) return undefined;
        return await fs.readFile(path, "utf8");
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * The YAML front matter of a Markdown file (`---` … `---` at its top), or `undefined`. The YAML
 * parser (bundled into core's dist as its own chunk) is loaded on the first call, not at import.
 */
export async function parseFrontMatter(text: string): Promise<Record<string, unknown> | undefined> {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/.exec(text);
  if (!match) return undefined;
  const { parse: parseYaml } = await import("yaml");
  try {
    const data: unknown = parseYaml(match[1] as string);
    return isPlainObject(data) ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the skill in `skillDir` from its `SKILL.md` front matter (`name`, `description`). Throws
 * AgentScope's errors for a missing directory, a missing `SKILL.md` or missing fields.
 */
export async function readAgentSkill(skillDir: string, files?: SkillFiles): Promise<AgentSkill> {
  if (typeof skillDir !== "string" || skillDir === "") {
    throw new ToolError("The skill directory must be a non-empty path string.");
  }
  const fs = files ?? (await nodeFiles());
  if (!(await fs.isDirectory(skillDir))) {
    throw new ToolError(`The skill directory '${skillDir}' does not exist or is not a directory.`);
  }
  const text = await fs.readFile(`${skillDir.replace(/[\\/]+$/, "")}/SKILL.md`);
  if (text === undefined) {
    throw new ToolError(
      `The skill directory '${skillDir}' must include a SKILL.md file at the top level.`,
    );
  }
  const meta = (await parseFrontMatter(text.slice(0, MAX_SKILL_MD_CHARS))) ?? {};
  const { name, description } = meta;
  if (!name || !description) {
    throw new ToolError(
      `The SKILL.md file in '${skillDir}' must have a YAML Front Matter including \`name\` and \`description\` fields.`,
    );
  }
  return { name: String(name), description: String(description), dir: skillDir };
}

/** The skills prompt: the instruction, then each skill by the template (AgentScope's format). */
export function formatAgentSkillPrompt(
  skills: Iterable<AgentSkill>,
  instruction: string = DEFAULT_AGENT_SKILL_INSTRUCTION,
  template: string = DEFAULT_AGENT_SKILL_TEMPLATE,
): string | undefined {
  const parts = [instruction];
  for (const skill of skills) {
    parts.push(
      template.replace(
        /\{(name|description|dir)\}/g,
        (_, key: "name" | "description" | "dir") => skill[key],
      ),
    );
  }
  return parts.length > 1 ? parts.join("\n") : undefined;
}
