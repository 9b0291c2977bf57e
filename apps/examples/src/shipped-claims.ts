/**
 * Finds guide and README sentences that call a shipped feature unfinished: the features are the
 * ones the root README's "What works today" table lists (its code names and package paths), the
 * wording is "planned", "not yet", "coming soon" and the like.
 */

/** Wording that says something is not there yet. */
export const NOT_SHIPPED =
  /\b(planned|not (?:done |available |implemented |supported |shipped )?yet|coming soon|waits? for|on the roadmap|in the works|will (?:ship|land|come))\b/i;

/** A sentence (or heading-scoped section line) that says a shipped feature is not there. */
export interface UnshippedClaim {
  /** 1-based line of the sentence's start. */
  line: number;
  /** The feature name found in it. */
  term: string;
  /** The wording that says it is not there. */
  wording: string;
  /** The sentence, shortened. */
  text: string;
}

/** The rows of the table under the `What works today` heading, as cells. */
export function worksTodayRows(readme: string): string[][] {
  const lines = readme.split("\n");
  const start = lines.findIndex((l) => /^#+\s+What works today\s*$/.test(l));
  if (start < 0) return [];
  const rows: string[][] = [];
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith("|")) {
      inTable = true;
      rows.push(
        line
          .slice(1, line.trimEnd().endsWith("|") ? line.trimEnd().length - 1 : undefined)
          .split("|")
          .map((c) => c.trim()),
      );
    } else if (inTable || /^#/.test(line)) break;
  }
  // Drop the header row and the `---` separator.
  return rows.filter((cells, i) => i > 0 && !cells.every((c) => /^:?-+:?$/.test(c)));
}

/**
 * The names a shipped feature goes by, from the table: code spans of the feature column
 * (`SimpleKnowledge`, `stream()` as `stream()` and `stream`) and every package in either column
 * (`packages/otel`, `packages/{redis,postgres}`) as `@agentscope-ts/<name>` and `packages/<name>`.
 */
export function shippedTerms(rows: readonly string[][]): string[] {
  const terms = new Set<string>();
  for (const cells of rows) {
    const [feature = "", ...rest] = cells;
    for (const [, code = ""] of feature.matchAll(/`([^`]+)`/g)) {
      if (code.length >= 3) terms.add(code);
      const bare = code.replace(/\(\)$/, "");
      if (bare !== code && bare.length >= 3) terms.add(bare);
    }
    for (const cell of [feature, ...rest]) {
      for (const [, group = ""] of cell.matchAll(/packages\/\{([^}]+)\}/g)) {
        for (const name of group.split(",")) addPackage(terms, name.trim());
      }
      for (const [, name = ""] of cell.matchAll(/packages\/([a-z0-9-]+)/g)) addPackage(terms, name);
    }
  }
  return [...terms];
}

function addPackage(terms: Set<string>, name: string): void {
  if (!/^[a-z0-9-]+$/.test(name)) return;
  terms.add(`@agentscope-ts/${name}`);
  terms.add(`packages/${name}`);
}

/**
 * The claims in a Markdown text that a shipped feature is unfinished: a sentence holding both a
 * term (as code, `` `SimpleKnowledge` ``, or a package name) and {@link NOT_SHIPPED} wording, or
 * any sentence naming a term under a heading with that wording (`## Not yet`). Code blocks are
 * skipped; table rows and list items count as sentences of their own.
 */
export function unshippedClaims(markdown: string, terms: readonly string[]): UnshippedClaim[] {
  const claims: UnshippedClaim[] = [];
  const check = (text: string, line: number, sectionWording: string | undefined) => {
    const wording = NOT_SHIPPED.exec(text)?.[0] ?? sectionWording;
    if (!wording) return;
    for (const term of terms) {
      if (!mentions(text, term)) continue;
      claims.push({ line, term, wording, text: text.replace(/\s+/g, " ").slice(0, 200) });
    }
  };
  const sections: { level: number; wording: string | undefined }[] = [];
  let paragraph: { text: string; line: number } | undefined;
  const flush = () => {
    if (!paragraph) return;
    const sectionWording = sections.findLast((s) => s.wording)?.wording;
    let offset = 0;
    for (const sentence of paragraph.text.split(/(?<=[.!?:;])\s+(?=[A-Z`(@*[])/)) {
      const before = paragraph.text.slice(0, paragraph.text.indexOf(sentence, offset));
      offset += sentence.length;
      check(sentence, paragraph.line + (before.match(/\n/g)?.length ?? 0), sectionWording);
    }
    paragraph = undefined;
  };
  let fenced = false;
  for (const [i, line] of markdown.split("\n").entries()) {
    if (/^\s*```/.test(line)) {
      flush();
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const heading = /^(#+)\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1]?.length ?? 1;
      while ((sections.at(-1)?.level ?? 0) >= level) sections.pop();
      sections.push({ level, wording: NOT_SHIPPED.exec(heading[2] ?? "")?.[0] });
      check(heading[2] ?? "", i + 1, undefined);
      continue;
    }
    if (line.trim() === "" || line.startsWith("|") || /^\s*[-*+]\s|^\s*\d+\.\s/.test(line)) {
      flush();
      if (line.trim() === "") continue;
    }
    if (paragraph) paragraph.text += `\n${line}`;
    else paragraph = { text: line, line: i + 1 };
    if (line.startsWith("|")) flush();
  }
  flush();
  return claims;
}

function mentions(text: string, term: string): boolean {
  if (term.includes("/")) return text.includes(term);
  return text.includes(`\`${term}\``);
}
