import type { TestServer } from "@agentscope-ts/test-server";
import { expect, vi } from "vitest";

/** What {@link expectRenamedOptionOnWire} compares. */
export interface RenamedOptionCase {
  /** The deprecated option name. */
  oldName: string;
  /** The name that replaces it. */
  newName: string;
  /** The server the calls reach (its recorded calls are compared). */
  server: TestServer;
  /** Options using the new name. */
  newOptions: Record<string, unknown>;
  /** The same setting through the old name. */
  oldOptions: Record<string, unknown>;
  /** Builds the model with `options` and makes one call through it. */
  call: (options: Record<string, unknown>) => Promise<unknown>;
}

/**
 * Checks a renamed option (run it first in its test file: the warning comes once per process):
 * the new name warns nothing; the old name still works, warns once (over two calls) naming the
 * new name; and both send the same request (path and body) on the wire.
 */
export async function expectRenamedOptionOnWire(c: RenamedOptionCase): Promise<void> {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    const before = c.server.calls.length;
    await c.call(c.newOptions);
    const deprecation = `\`${c.oldName}\` is deprecated; use \`${c.newName}\``;
    const warnings = () => warn.mock.calls.filter((args) => String(args[0]).includes(deprecation));
    expect(warnings()).toHaveLength(0);
    await c.call(c.oldOptions);
    await c.call(c.oldOptions);
    expect(warnings()).toHaveLength(1);
    const [fresh, old, again] = c.server.calls.slice(before);
    expect(old?.path).toBe(fresh?.path);
    expect(old?.body).toEqual(fresh?.body);
    expect(again?.body).toEqual(fresh?.body);
  } finally {
    warn.mockRestore();
  }
}
