/**
 * The error `promise` rejects with, checked to be an instance of `type`; throws when the promise
 * resolves or rejects with anything else. Lets a test assert on a typed error's fields without a
 * test framework (core/testing stays usable without vitest).
 */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  let error: unknown;
  try {
    await promise;
  } catch (caught) {
    error = caught;
  }
  if (error === undefined) throw new Error(`expected a rejection with ${type.name}, it resolved`);
  if (!(error instanceof type)) {
    throw new Error(`expected a rejection with ${type.name}, got ${String(error)}`, {
      cause: error,
    });
  }
  return error;
}
