/** Closes an iterator without waiting (it may be stuck in a request the abort did not reach). */
export function closeQuietly(iterator: AsyncIterator<unknown>): void {
  try {
    const closing = iterator.return?.();
    if (closing && typeof (closing as Promise<unknown>).catch === "function") {
      (closing as Promise<unknown>).catch(() => {});
    }
  } catch {
    // closing is best effort
  }
}
