import type { CallInput } from '../api/api-client-types.ts'
import type { EndpointName } from '../contract/endpoints.ts'
import type { QueryCache, QueryCacheDeps } from './query-cache.ts'
import type { QueryObserver, QueryView } from './query-observer.ts'

/**
 * The content reads as an app's first paint would carry them: the cache (query-cache.ts, its
 * queries and observers) is a chunk of its own, loaded by the first read, so a first load carries
 * only this.
 * An observer made before the chunk arrives shows `loading` and follows the cache's own observer
 * once it has. The cache listens to the page's visibility and the network from the moment it
 * exists: before, nothing has been read that could go stale. A chunk that does not arrive leaves
 * the read loading, as a page whose own chunk does not arrive; the next read tries to load it again.
 */
export interface Queries {
  /** An observer of the read of `name` with `input` (creating one does nothing; subscribing starts it). */
  observe<N extends EndpointName>(name: N, input?: CallInput<N>): QueryObserver<N>
  /** The cache, its chunk loaded on first need. */
  load(): Promise<QueryCache>
  dispose(): void
}

export function createQueries(deps: QueryCacheDeps): Queries {
  let cache: QueryCache | null = null
  let loading: Promise<QueryCache> | null = null
  const load = (): Promise<QueryCache> =>
    (loading ??= import('./query-cache.ts').then(
      (module) => {
        cache = module.createQueryCache(deps)
        cache.start()
        return cache
      },
      (error: unknown) => {
        loading = null
        throw error
      },
    ))
  return {
    observe: (name, input) => cache?.observe(name, input) ?? deferredObserver(load, name, input),
    load,
    dispose() {
      // At once when it is here (its timers stop with the client); a cache still on its way when it arrives.
      if (cache) cache.dispose()
      else
        void loading?.then(
          (loaded) => loaded.dispose(),
          () => {},
        )
    },
  }
}

/** An observer whose cache is still on its way: `loading` until it arrives, then the cache's observer for the latest input. */
function deferredObserver<N extends EndpointName>(
  load: () => Promise<QueryCache>,
  name: N,
  input: CallInput<N> | undefined,
): QueryObserver<N> {
  let real: QueryObserver<N> | null = null
  const arrive = () => load().then((cache) => (real ??= cache.observe(name, input)))
  return {
    getSnapshot: () => real?.getSnapshot() ?? waiting,
    subscribe(listener) {
      let stop: (() => void) | undefined
      let gone = false
      arrive().then(
        (observer) => {
          if (!gone) stop = observer.subscribe(listener)
          listener()
        },
        () => {},
      )
      return () => {
        gone = true
        stop?.()
      }
    },
    setInput(next) {
      input = next
      real?.setInput(next)
    },
    refetch: () => arrive().then((observer) => observer.refetch()),
  }
}

const waiting: QueryView<never> = {
  status: 'loading',
  data: null,
  failure: null,
  offline: false,
  dataUpdatedAt: null,
  isFetching: true,
}
