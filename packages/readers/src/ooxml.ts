import { ReaderError } from "@agentscope-ts/core";
import { XMLParser } from "fast-xml-parser";
import { unzipSync } from "fflate";

/**
 * Office Open XML (docx, pptx) is zipped XML: `fflate` unzips it and `fast-xml-parser` parses
 * each part in document order. Python's python-docx/python-pptx are XML wrappers too; walking the
 * same elements they walk (w:p, w:tbl, p:sp, a:tbl…) gives the same blocks in the same order.
 */
export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
});

/** The element name of a node (`#text` for text). */
export function tagOf(node: XmlNode): string {
  return Object.keys(node).find((k) => k !== ":@") ?? "";
}

/** The child nodes of an element. */
export function childrenOf(node: XmlNode): XmlNode[] {
  const value = node[tagOf(node)];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

/** An attribute of an element. */
export function attrOf(node: XmlNode, name: string): string | undefined {
  return (node[":@"] as Record<string, string> | undefined)?.[name];
}

/** The direct children named `tag`. */
export function childrenNamed(node: XmlNode, tag: string): XmlNode[] {
  return childrenOf(node).filter((c) => tagOf(c) === tag);
}

/** Every descendant named `tag`, in document order. */
export function findAll(node: XmlNode, tag: string, out: XmlNode[] = []): XmlNode[] {
  for (const child of childrenOf(node)) {
    if (tagOf(child) === tag) out.push(child);
    findAll(child, tag, out);
  }
  return out;
}

/** The text directly inside an element (`<w:t>text</w:t>`). */
export function textOf(node: XmlNode): string {
  return childrenOf(node)
    .map((c) => (tagOf(c) === "#text" ? String(c["#text"]) : ""))
    .join("");
}

/** The joined text of every `tag` element (e.g. `w:t`) under `node`. */
export function textsUnder(node: XmlNode, tag: string): string {
  return findAll(node, tag).map(textOf).join("");
}

/** An unzipped OOXML package: its parts, parsed on demand. */
export class OoxmlPackage {
  readonly #files: Record<string, Uint8Array>;

  constructor(
    readonly path: string,
    bytes: Uint8Array,
    readonly kind: string,
  ) {
    try {
      this.#files = unzipSync(bytes);
    } catch (error) {
      throw new ReaderError(path, `not a ${kind} file (${zipProblem(bytes)})`, { cause: error });
    }
  }

  /** The raw bytes of a part, if present. */
  bytes(name: string): Uint8Array | undefined {
    return this.#files[name];
  }

  /** A part parsed as XML (the root's node list), or a `ReaderError` when it is missing. */
  xml(name: string): XmlNode[] {
    const data = this.#files[name];
    if (!data) throw new ReaderError(this.path, `not a ${this.kind} file (${name} is missing)`);
    return parser.parse(new TextDecoder().decode(data)) as XmlNode[];
  }

  /** The first element named `tag` in a part. */
  root(name: string, tag: string): XmlNode {
    const found = this.xml(name).find((n) => tagOf(n) === tag);
    if (!found) throw new ReaderError(this.path, `not a ${this.kind} file (${name} has no ${tag})`);
    return found;
  }

  /** The relationship targets of a part (`word/document.xml` → `{ rId1: "word/media/image1.png" }`). */
  relationships(part: string): Record<string, string> {
    const dir = part.slice(0, part.lastIndexOf("/") + 1);
    const relsName = `${dir}_rels/${part.slice(dir.length)}.rels`;
    if (!this.#files[relsName]) return {};
    const rels: Record<string, string> = {};
    for (const rel of findAll({ r: this.xml(relsName) }, "Relationship")) {
      const id = attrOf(rel, "Id");
      const target = attrOf(rel, "Target");
      if (id && target && attrOf(rel, "TargetMode") !== "External")
        rels[id] = resolvePath(dir, target);
    }
    return rels;
  }

  /** The content type of a part from `[Content_Types].xml` (override, else by extension). */
  contentType(part: string): string | undefined {
    const types = findAll({ r: this.xml("[Content_Types].xml") }, "Override").concat(
      findAll({ r: this.xml("[Content_Types].xml") }, "Default"),
    );
    const ext = part.slice(part.lastIndexOf(".") + 1).toLowerCase();
    for (const t of types) {
      if (attrOf(t, "PartName") === `/${part}`) return attrOf(t, "ContentType");
    }
    for (const t of types) {
      if (attrOf(t, "Extension")?.toLowerCase() === ext) return attrOf(t, "ContentType");
    }
    return undefined;
  }
}

function resolvePath(dir: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = dir.split("/").filter(Boolean);
  for (const piece of target.split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== ".") parts.push(piece);
  }
  return parts.join("/");
}

// Encrypted Office files are OLE compound files (D0 CF 11 E0), not zips.
function zipProblem(bytes: Uint8Array): string {
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) {
    return "it is encrypted or in the old binary format; remove the password or save it as Office Open XML";
  }
  return "it is not a valid zip archive";
}
