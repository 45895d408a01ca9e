import { type ApiFailure, type ApiResponse, failure } from '../api/api-response.ts'
import type { Clock } from '../kernel/clock.ts'

/** What one read knows, in TanStack Query's terms. A new object whenever anything in it changes. */
export interface QueryState<T> {
  /** `pending` until the first answer; then the last answer's outcome. */
  status: 'pending' | 'success' | 'error'
  /** The last good body; it stays through a failed read. */
  data: T | null
  /** The last read's failure; null once a read succeeds. */
  failure: ApiFailure | null
  /** When `data` arrived (client clock); null before any. */
  dataUpdatedAt: number | null
  /** A read is on its way. */
  isFetching: boolean
  /** A command changed what was read: it is stale however recent. */
  isInvalidated: boolean
}

export interface QueryDeps<T> {
  clock: Clock
  staleTimeMs: number
  gcTimeMs: number
  /** One read; a failure is an ApiFailure (a throw counts as one that got no answer). */
  read(): Promise<ApiResponse<T>>
  /** Nobody has observed the query for `gcTimeMs`: the cache forgets it. */
  onGarbage(): void
}

/**
 * One read keyed by endpoint and input (TanStack's Query): its state, the read on its way that
 * every caller joins, and whether it is stale. Observers subscribe; while none does for `gcTimeMs`
 * it asks to be forgotten.
 */
export interface Query<T> {
  getState(): QueryState<T>
  subscribe(listener: () => void): () => void
  isObserved(): boolean
  /**
   * Never answered, failed, invalidated or older than the stale time. A failure is always stale, so
   * the next look reads again: an error is never cached.
   */
  isStale(): boolean
  /** Reads now, or joins the read on its way. */
  fetch(): Promise<QueryState<T>>
  /** Marks it stale and drops the read on its way (it may predate the change); an observed query reads again. */
  invalidate(): void
  /**
   * An answer that came with another call (TanStack's setQueryData), as fresh as a read now; a read
   * on its way is dropped (it may predate it).
   */
  setData(data: T): void
  /** Forgets what it knows (another person signed in); an observed query reads again. */
  reset(): void
  dispose(): void
}

const pending = Object.freeze({
  status: 'pending',
  data: null,
  failure: null,
  dataUpdatedAt: null,
  isFetching: false,
  isInvalidated: false,
} as const)

export function createQuery<T>(deps: QueryDeps<T>): Query<T> {
  const { clock } = deps
  let state: QueryState<T> = pending
  const listeners = new Set<() => void>()
  let flight: Promise<QueryState<T>> | null = null
  /** Bumped by invalidate: the answer to an older read is not kept. */
  let generation = 0
  let gcTimer: unknown = null

  function set(patch: Partial<QueryState<T>>): void {
    state = { ...state, ...patch }
    for (const listener of [...listeners]) listener()
  }

  function scheduleGc(): void {
    gcTimer = clock.setTimeout(deps.onGarbage, deps.gcTimeMs)
  }

  function clearGc(): void {
    if (gcTimer !== null) clock.clearTimeout(gcTimer)
    gcTimer = null
  }

  function fetch(): Promise<QueryState<T>> {
    if (flight) return flight
    const startedIn = generation
    const read = deps
      .read()
      .catch((error: unknown) =>
        failure({
          error: `request failed: ${error instanceof Error ? error.message : String(error)}`,
          status: 0,
          cause: error,
        }),
      )
      .then((answer) => {
        if (startedIn !== generation) {
          // Invalidated meanwhile: a newer read (if anyone looks) carries the answer.
          if (!flight) set({ isFetching: false })
          return flight ?? state
        }
        flight = null
        set(
          answer.ok
            ? {
                status: 'success',
                data: answer.data,
                failure: null,
                dataUpdatedAt: clock.now(),
                isFetching: false,
                isInvalidated: false,
              }
            : { status: 'error', failure: answer, isFetching: false },
        )
        return state
      })
    flight = read
    if (!state.isFetching) set({ isFetching: true })
    return read
  }

  scheduleGc()
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      clearGc()
      return () => {
        if (listeners.delete(listener) && listeners.size === 0) scheduleGc()
      }
    },
    isObserved: () => listeners.size > 0,
    isStale: () =>
      state.status !== 'success' || state.isInvalidated || clock.now() - state.dataUpdatedAt! >= deps.staleTimeMs,
    fetch,
    invalidate() {
      generation++
      flight = null
      set({ isInvalidated: true })
      if (listeners.size > 0) void fetch()
    },
    setData(data) {
      generation++
      flight = null
      set({
        status: 'success',
        data,
        failure: null,
        dataUpdatedAt: clock.now(),
        isFetching: false,
        isInvalidated: false,
      })
    },
    reset() {
      generation++
      flight = null
      set(pending)
      if (listeners.size > 0) void fetch()
    },
    dispose: clearGc,
  }
}
