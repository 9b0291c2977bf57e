/** A loaded llama.cpp context with the lease on its model file. */
export interface ContextLease {
  context: { dispose(): Promise<void> };
  lease: { release(): Promise<void> };
}

/**
 * Loads a context on first use and shares it between calls; a failed load is tried again on the
 * next use; `dispose()` frees it once (waiting for a load in progress), after which `get()`
 * rejects with `disposedError()`.
 */
export class LazyResource<T extends ContextLease> {
  #loading: Promise<T> | undefined;
  #disposed = false;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly disposedError: () => Error,
  ) {}

  /** Whether {@link LazyResource.dispose} was called. */
  get disposed(): boolean {
    return this.#disposed;
  }

  /** The loaded resource, loading it first when needed. */
  get(): Promise<T> {
    if (this.#disposed) return Promise.reject(this.disposedError());
    if (!this.#loading) {
      const loading = this.load();
      this.#loading = loading;
      loading.catch(() => {
        if (this.#loading === loading) this.#loading = undefined;
      });
    }
    return this.#loading;
  }

  /** Frees the context and releases the model file; later calls do nothing. */
  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    const loading = this.#loading;
    this.#loading = undefined;
    const loaded = await loading?.catch(() => undefined);
    if (!loaded) return;
    await loaded.context.dispose();
    await loaded.lease.release();
  }
}
