/** Code the client puts in a failure when a part of it loaded on first use could not be loaded. */
export const CHUNK_LOAD_FAILED = 'CHUNK_LOAD_FAILED'

export type LoadedChunk<M> = { ok: true; module: M } | { ok: false; error: string; cause: unknown }

/**
 * A part of the client that an app does not use at start, loaded on its first use (a dynamic
 * `import()`, its own chunk in an app's bundle). Only commands that are already async take one,
 * and never a hot path. Once loaded, later uses wait on the same settled promise; a load that
 * fails (offline, a deploy replaced the chunk) is an error value, never a rejection, and the next
 * use tries again.
 */
export function lazyChunk<M>(what: string, load: () => Promise<M>): () => Promise<LoadedChunk<M>> {
  let loading: Promise<LoadedChunk<M>> | null = null
  return () => {
    loading ??= load().then(
      (module): LoadedChunk<M> => ({ ok: true, module }),
      (cause: unknown): LoadedChunk<M> => {
        loading = null
        const reason = cause instanceof Error ? cause.message : String(cause)
        return { ok: false, error: `${what} could not be loaded: ${reason}`, cause }
      },
    )
    return loading
  }
}
