import { redact } from "./event-payload.js";

/** Values shorter than this are not masked: they would mask ordinary words in events. */
export const MIN_SECRET_LENGTH = 8;

const MASK = "***";

/**
 * Masks, by value, every secret the server knows (model API keys, bearer tokens, the user's
 * `secrets`) wherever it would leave the process: events (SSE, AG-UI, A2A), error bodies and log
 * lines. A provider error that echoes its key in any form therefore reaches no client. Secrets
 * are added as they become known (a model's key when its agent is first built). One alternation
 * regex, rebuilt when a secret is added, masks a text in one pass.
 */
export class SecretMask {
  readonly #secrets = new Set<string>();
  #pattern: RegExp | null = null;

  constructor(secrets: Iterable<unknown> = []) {
    for (const secret of secrets) this.add(secret);
  }

  /** How many secrets are masked. */
  get size(): number {
    return this.#secrets.size;
  }

  /** Masks `secret` from now on (non-strings and values under {@link MIN_SECRET_LENGTH} are ignored). */
  add(secret: unknown): void {
    if (typeof secret !== "string" || secret.length < MIN_SECRET_LENGTH) return;
    if (this.#secrets.has(secret)) return;
    this.#secrets.add(secret);
    // Longest first, so a secret containing another is masked whole.
    const alternatives = [...this.#secrets]
      .sort((a, b) => b.length - a.length)
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    this.#pattern = new RegExp(alternatives.join("|"), "g");
  }

  /** Masks the credentials an agent's model holds (`apiKey`/`authToken` on the model or its SDK client). */
  addFromAgent(agent: unknown): void {
    const model = (agent as { model?: unknown } | null)?.model as
      | Record<string, unknown>
      | undefined;
    for (const holder of [model, model?.client as Record<string, unknown> | undefined]) {
      if (holder === null || typeof holder !== "object") continue;
      for (const field of ["apiKey", "authToken", "api_key"]) {
        try {
          this.add(holder[field]);
        } catch {
          // A getter that throws holds no key we can read.
        }
      }
    }
  }

  /** `text` with every known secret replaced by `***` (values only; see {@link SecretMask.text}). */
  values(text: string): string {
    const pattern = this.#pattern;
    if (!pattern) return text;
    pattern.lastIndex = 0;
    return text.replace(pattern, MASK);
  }

  /** A text for an error body or a log line: known secrets masked, plus anything credential-like. */
  text(text: string): string {
    return redact(this.values(text));
  }

  /** A JSON value with every known secret masked in its strings (keys included); copies only what changes. */
  json<T>(value: T): T {
    if (!this.#pattern) return value;
    return this.#walk(value) as T;
  }

  #walk(value: unknown): unknown {
    if (typeof value === "string") return this.values(value);
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) {
      let out: unknown[] | null = null;
      value.forEach((item, i) => {
        const masked = this.#walk(item);
        if (masked !== item) {
          out ??= value.slice();
          out[i] = masked;
        }
      });
      return out ?? value;
    }
    let out: Record<string, unknown> | null = null;
    for (const [key, item] of Object.entries(value)) {
      const maskedKey = this.values(key);
      const masked = this.#walk(item);
      if (masked !== item || maskedKey !== key) {
        out ??= { ...(value as Record<string, unknown>) };
        if (maskedKey !== key) delete out[key];
        // A defined own property, so a key such as `__proto__` stays data.
        Object.defineProperty(out, maskedKey, {
          value: masked,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    return out ?? value;
  }
}
