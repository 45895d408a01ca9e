import type { ApiClient, CallInput } from '../api/api-client-types.ts'
import { endpointRoutes } from '../contract/endpoint-routes.ts'
import type { EndpointName, EndpointResponse } from '../contract/endpoints.ts'
import { isPublicApiPath } from '../contract/public-paths.ts'
import type { AuthForServicesState } from '../kernel/auth-for-services.ts'
import type { Clock } from '../kernel/clock.ts'
import { DEVICE_LIST_CACHE_TTL_MS, QUERY_GC_MS, QUERY_STALE_MS } from '../kernel/constants.ts'
import type { LifecyclePort } from '../kernel/ports.ts'
import type { ReadableStore } from '../kernel/store.ts'
import { createQuery, type Query } from './query.ts'
import { createQueryObserver, type QueryObserver } from './query-observer.ts'

export interface QueryCacheDeps {
  api: ApiClient
  clock: Clock
  /** Where the cache hears that the page is shown again and that the network is back. */
  lifecycle: LifecyclePort
  /** Who is signed in: a read that needs a login is forgotten when another person (or nobody) is. */
  account: ReadableStore<AuthForServicesState>
  /** Every read's stale time; default each endpoint's own (readRules: QUERY_STALE_MS for content). */
  staleTimeMs?: number
  /** Default QUERY_GC_MS. */
  gcTimeMs?: number
}

/**
 * The client's content reads (TanStack's QueryCache, over the contract's endpoints): one query per
 * endpoint and input, so every page and hook that shows the same list shares one read and one
 * answer. Observed queries that are stale are read again when the page is shown again and when
 * the network comes back (once started). What a read that needs a login answered belongs to the
 * person signed in: it is forgotten when someone else signs in, or nobody.
 */
export interface QueryCache {
  /** The query of `name` with `input`, made on first ask. */
  query<N extends EndpointName>(name: N, input?: CallInput<N>): Query<EndpointResponse<N>>
  /** An observer of that query (creating one does nothing; subscribing starts it). */
  observe<N extends EndpointName>(name: N, input?: CallInput<N>): QueryObserver<N>
  /** Marks every query of `name` (or only the one with `input`) stale; those on screen are read again now. */
  invalidate<N extends EndpointName>(name: N, input?: CallInput<N>): void
  /** Reads again every observed query that is stale. */
  revalidate(): void
  /** Listens to the page's visibility and the network. Idempotent. */
  start(): void
  /** Stops listening and forgets every query. */
  dispose(): void
}

/** How the reads of one endpoint go: how long an answer stays fresh, and whether a refreshed 401 is replayed. */
interface ReadRules {
  staleTimeMs: number
  /**
   * A read is idempotent, so it is replayed once after a token refresh; without, the 401 comes back
   * with the spec's 토큰이 갱신되었습니다. 다시 시도해주세요. (unless the client replays every call).
   */
  replayAfterRefresh: boolean
}

const contentReadRules: ReadRules = { staleTimeMs: QUERY_STALE_MS, replayAfterRefresh: true }

/**
 * The endpoints read by other rules than the content's. The device list keeps the device session's
 * (spec section 9): fresh 60 s, and a refreshed 401 said to the person, whose page offers to try again.
 */
const readRules: Partial<Record<EndpointName, ReadRules>> = {
  listSessions: { staleTimeMs: DEVICE_LIST_CACHE_TTL_MS, replayAfterRefresh: false },
}

/** The key of a read: its endpoint and its input, whatever the order of the input's fields. */
export function queryKey(name: EndpointName, input?: object | null): string {
  return `${name} ${JSON.stringify(input ?? {}, (_, value) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  )}`
}

export function createQueryCache(deps: QueryCacheDeps): QueryCache {
  const { api, clock, lifecycle } = deps
  const queries = new Map<string, Query<unknown>>()
  /** The queries of reads that need a login. */
  const personal = new Set<Query<unknown>>()
  let stops: (() => void)[] | null = null
  const unfollowAccount = deps.account.subscribe((state, previous) => {
    if (state.user?.id !== previous.user?.id) for (const query of personal) query.reset()
  })

  const cache: QueryCache = {
    query<N extends EndpointName>(name: N, input?: CallInput<N>) {
      const key = queryKey(name, input)
      let query = queries.get(key)
      if (!query) {
        const rules = readRules[name] ?? contentReadRules
        const call = api.call as (
          name: N,
          input: CallInput<N> | undefined,
          options: { retryOnRefresh?: boolean },
        ) => ReturnType<ApiClient['call']>
        const made: Query<unknown> = createQuery({
          clock,
          staleTimeMs: deps.staleTimeMs ?? rules.staleTimeMs,
          gcTimeMs: deps.gcTimeMs ?? QUERY_GC_MS,
          read: () => call(name, input, rules.replayAfterRefresh ? { retryOnRefresh: true } : {}),
          onGarbage: () => {
            if (queries.get(key) === made) queries.delete(key)
            personal.delete(made)
          },
        })
        query = made
        queries.set(key, query)
        if (!isPublicApiPath(endpointRoutes[name].path)) personal.add(made)
      }
      return query as Query<EndpointResponse<N>>
    },
    observe: (name, input) => createQueryObserver(cache, name, input),
    invalidate(name, input) {
      const whole = input === undefined
      const prefix = whole ? `${name} ` : queryKey(name, input)
      for (const [key, query] of queries) if (whole ? key.startsWith(prefix) : key === prefix) query.invalidate()
    },
    revalidate() {
      for (const query of queries.values()) if (query.isObserved() && query.isStale()) void query.fetch()
    },
    start() {
      if (stops) return
      stops = [lifecycle.onVisibilityChange((visible) => visible && cache.revalidate())]
      if (lifecycle.onOnline) stops.push(lifecycle.onOnline(cache.revalidate))
    },
    dispose() {
      unfollowAccount()
      for (const stop of stops ?? []) stop()
      stops = null
      for (const query of queries.values()) query.dispose()
      queries.clear()
      personal.clear()
    },
  }
  return cache
}
