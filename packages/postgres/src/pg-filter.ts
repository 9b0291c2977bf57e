import { ValidationError } from "@agentscope-ts/core";

/** A scalar a metadata field is compared with. */
export type PgFilterValue = string | number | boolean;

/**
 * A metadata filter of {@link PgVectorStore}: every key is a field of the chunk's metadata
 * (`doc_id`, `chunk_id`, `content.type`, or any extra field, dotted for nested ones); a value
 * matches equal fields (JSON equality: `1` is not `"1"`), an array any of its values. All keys
 * must match. The same shape as `SqliteVectorStore`'s filter.
 */
export type PgMetadataFilter = Record<string, PgFilterValue | readonly PgFilterValue[]>;

const KEY = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/**
 * The SQL condition on the `metadata` jsonb column for `filter`, with its parameters numbered
 * from `$<first>`: `metadata #> path = ANY(values::jsonb[])` per key.
 */
export function pgFilterToSql(
  filter: PgMetadataFilter | undefined,
  first = 1,
): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (!KEY.test(key)) {
      throw new ValidationError("search filter", [
        { path: key, message: "expected a metadata field name such as doc_id or content.type" },
      ]);
    }
    const values = Array.isArray(value) ? (value as PgFilterValue[]) : [value as PgFilterValue];
    const bad = values.some(
      (v) =>
        !["string", "number", "boolean"].includes(typeof v) ||
        (typeof v === "number" && !Number.isFinite(v)),
    );
    if (bad || values.length === 0) {
      throw new ValidationError("search filter", [
        {
          path: key,
          message: "expected a string, finite number or boolean, or a non-empty array of them",
        },
      ]);
    }
    const n = first + params.length;
    clauses.push(`metadata #> $${n}::text[] = ANY($${n + 1}::jsonb[])`);
    params.push(
      key.split("."),
      values.map((v) => JSON.stringify(v)),
    );
  }
  return { sql: clauses.length > 0 ? clauses.join(" AND ") : "TRUE", params };
}
