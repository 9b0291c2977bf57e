import type { Embedding } from "../embedding/embedding-response.js";

/** A distance metric, named as Qdrant names them. */
export type Distance = "Cosine" | "Euclid" | "Dot";

/** The score of `b` against query `a`: cosine similarity, dot product, or Euclidean distance. */
export function vectorScore(distance: Distance, a: Embedding, b: Embedding): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  let sq = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
    sq += (x - y) * (x - y);
  }
  if (distance === "Dot") return dot;
  if (distance === "Euclid") return Math.sqrt(sq);
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Whether a higher score is better under `distance` (Euclid: a lower distance is better). */
export function higherIsBetter(distance: Distance): boolean {
  return distance !== "Euclid";
}
