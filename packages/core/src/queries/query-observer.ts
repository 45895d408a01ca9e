import type { CallInput } from '../api/api-client-types.ts'
import type { ApiFailure } from '../api/api-response.ts'
import type { EndpointName, EndpointResponse } from '../contract/endpoints.ts'
import type { Query, QueryState } from './query.ts'

/** `loading` until the first answer (and while a failed read is tried again); then `ready` or `failed`. */
export type QueryViewStatus = 'loading' | 'ready' | 'failed'

/** One read as a page shows it. The same object until something in it changes. */
export interface QueryView<T> {
  status: QueryViewStatus
  /** The parsed body; the last good one stays through a failure and while another input loads. */
  data: T | null
  /** Why it failed (its `error` is text for a person), null unless `failed`. */
  failure: ApiFailure | null
  /** No answer arrived (status 0): the page offers to try again rather than blame the server. */
  offline: boolean
  /** When `data` arrived (client clock); null before any, and for another input's data shown meanwhile. */
  dataUpdatedAt: number | null
  /** A read is on its way (also while the last answer is still shown). */
  isFetching: boolean
}

/**
 * One subscriber's view of a query (TanStack's QueryObserver): subscribing reads the query unless
 * it is fresh; another input moves it to that input's query, showing the last data while the new
 * one loads. Creating one does nothing; subscribing starts it.
 */
export interface QueryObserver<N extends EndpointName> {
  getSnapshot(): QueryView<EndpointResponse<N>>
  subscribe(listener: () => void): () => void
  /** Follows the query of another input (nothing changes for the same input). */
  setInput(input?: CallInput<N>): void
  /** Reads now, fresh or not (a read on its way is joined). */
  refetch(): Promise<QueryState<EndpointResponse<N>>>
}

/** Where an observer finds the query of a read (the cache). */
export interface QuerySource {
  query<N extends EndpointName>(name: N, input?: CallInput<N>): Query<EndpointResponse<N>>
}

export function createQueryObserver<N extends EndpointName>(
  cache: QuerySource,
  name: N,
  input?: CallInput<N>,
): QueryObserver<N> {
  type Data = EndpointResponse<N>
  let query = cache.query(name, input)
  const listeners = new Set<() => void>()
  let unfollow: (() => void) | null = null
  /** What another input's query showed last: shown while this one has no data yet. */
  let placeholder: Data | null = null
  let seen: QueryState<Data> | null = null
  let view: QueryView<Data>

  function notify(): void {
    for (const listener of [...listeners]) listener()
  }

  function follow(): void {
    // The query again from the cache: one nobody observed may have been forgotten meanwhile.
    query = cache.query(name, input)
    unfollow = query.subscribe(notify)
    if (query.isStale()) void query.fetch()
  }

  function getSnapshot(): QueryView<Data> {
    const state = query.getState()
    if (state === seen) return view
    seen = state
    // A failed read tried again shows as loading, as it did the first time.
    const loading = state.status === 'pending' || (state.status === 'error' && state.isFetching)
    const failure = loading ? null : state.failure
    view = {
      status: loading ? 'loading' : failure ? 'failed' : 'ready',
      data: state.data ?? placeholder,
      failure,
      offline: failure?.status === 0,
      dataUpdatedAt: state.dataUpdatedAt,
      isFetching: state.isFetching,
    }
    return view
  }

  return {
    getSnapshot,
    subscribe(listener) {
      listeners.add(listener)
      if (listeners.size === 1) follow()
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return
        unfollow?.()
        unfollow = null
      }
    },
    setInput(next) {
      const nextQuery = cache.query(name, next)
      if (nextQuery === query) return
      placeholder = getSnapshot().data
      unfollow?.()
      unfollow = null
      input = next
      query = nextQuery
      if (listeners.size > 0) follow()
      notify()
    },
    refetch: () => query.fetch(),
  }
}
