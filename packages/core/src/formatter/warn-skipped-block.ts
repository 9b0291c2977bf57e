const warned = new Set<string>();

/**
 * Warns once per formatter class and block type that a block was skipped (AgentScope logs
 * "Unsupported block type … in the message, skipped." every time).
 */
export function warnSkippedBlock(formatter: string, type: unknown): void {
  const key = `${formatter}:${String(type)}`;
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(`${formatter}: unsupported block type ${String(type)} in the message, skipped.`);
}
