import { ValidationError } from "@agentscope-ts/core";

/** The default of `connectTimeout`: how long starting a server, `initialize` and the first `listTools` may take. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

/**
 * Checks a `connectTimeout` option (milliseconds, or `null` for no limit) and fills in the
 * default; anything else is a `ValidationError` naming the client.
 */
export function resolveConnectTimeout(name: string, value: unknown): number | null {
  if (value === undefined) return DEFAULT_CONNECT_TIMEOUT_MS;
  if (value === null) return null;
  if (typeof value === "number" && value > 0) return value;
  throw new ValidationError(
    `options of the MCP client '${name}'`,
    [
      {
        path: "connectTimeout",
        message: `expected a positive number of milliseconds or null, received ${String(value)}`,
      },
    ],
    { hint: `Pass e.g. connectTimeout: ${DEFAULT_CONNECT_TIMEOUT_MS}, or null for no limit.` },
  );
}
