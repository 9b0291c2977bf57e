import { warnOnce } from "../logging/logger.js";

/**
 * Warns once per formatter class and block type that a block was skipped (AgentScope logs
 * "Unsupported block type … in the message, skipped." every time).
 */
export function warnSkippedBlock(formatter: string, type: unknown): void {
  warnOnce(
    `skipped-block:${formatter}:${String(type)}`,
    `${formatter}: unsupported block type ${String(type)} in the message, skipped.`,
    { formatter, block_type: String(type) },
  );
}
