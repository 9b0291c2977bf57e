import { createHash, timingSafeEqual } from "node:crypto";

/** Who made a request; every session is bound to this user. */
export interface AuthUser {
  userId: string;
}

/** Decides who a request comes from; `null` answers 401. Plug in your own (JWT, sessions…). */
export type Authenticate = (request: Request) => AuthUser | null | Promise<AuthUser | null>;

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Bearer-token auth from a fixed table `{ token: userId }`. Tokens are compared by SHA-256 digest
 * in constant time, so a wrong token leaks nothing through timing.
 */
export function bearerTokens(tokens: Record<string, string>): Authenticate {
  const table = Object.entries(tokens).map(([token, userId]) => ({ hash: digest(token), userId }));
  return (request) => {
    const header = request.headers.get("authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return null;
    const given = digest(match[1] as string);
    let found: AuthUser | null = null;
    for (const row of table) {
      if (timingSafeEqual(row.hash, given)) found = { userId: row.userId };
    }
    return found;
  };
}
