import { ValidationError } from "@agentscope-ts/core";

/** A scalar a metadata field is compared with. */
export type FilterValue = string | number | boolean;

/**
 * A metadata filter: every key is a field of the chunk's metadata (`doc_id`, `chunk_id`,
 * `total_chunks`, `content.type`, or any extra field, dotted for nested ones); a value matches
 * equal fields, an array matches any of its values. All keys must match.
 */
export type MetadataFilter = Record<string, FilterValue | readonly FilterValue[]>;

const KEY = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

// SQLite's json_extract gives JSON true/false as 1/0.
const bind = (v: FilterValue) => (typeof v === "boolean" ? (v ? 1 : 0) : v);

/** The SQL condition (on the `metadata` JSON column) and parameters of `filter`. */
export function filterToSql(filter: MetadataFilter | undefined): {
  sql: string;
  params: (string | number)[];
} {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (!KEY.test(key)) {
      throw new ValidationError("search filter", [
        { path: key, message: "expected a metadata field name such as doc_id or content.type" },
      ]);
    }
    const values = Array.isArray(value) ? (value as FilterValue[]) : [value as FilterValue];
    const bad = values.findIndex((v) => !["string", "number", "boolean"].includes(typeof v));
    if (bad >= 0 || values.length === 0) {
      throw new ValidationError("search filter", [
        {
          path: key,
          message: "expected a string, number or boolean, or a non-empty array of them",
        },
      ]);
    }
    clauses.push(`json_extract(metadata, ?) IN (${values.map(() => "?").join(", ")})`);
    params.push(`$.${key}`, ...values.map(bind));
  }
  return { sql: clauses.length > 0 ? clauses.join(" AND ") : "1", params };
}
