import type { CallInput } from '../api/api-client-types.ts'
import type { EndpointName, EndpointResponse } from '../contract/endpoints.ts'
import type { Queries } from './queries.ts'
import type { QueryObserver, QueryView } from './query-observer.ts'

/** Reads by endpoint and input, in the order a page needs them. */
export type QueryReads = readonly (readonly [name: EndpointName, input?: object])[]

/** Each read's view, in the same order. */
export type QueryViews<R extends QueryReads> = {
  readonly [K in keyof R]: R[K] extends readonly [infer N extends EndpointName, ...unknown[]]
    ? QueryView<EndpointResponse<N>>
    : never
}

/**
 * Several reads watched as one (TanStack's QueriesObserver), for a view made of several lists (the
 * catalogue's courses, mentors and categories): one subscription, one snapshot of every read's
 * view, the same array until one of them changes.
 */
export interface QueriesObserver<R extends QueryReads> {
  getSnapshot(): QueryViews<R>
  subscribe(listener: () => void): () => void
  /** Follows other inputs for the same endpoints, in the same order. */
  setInputs(reads: R): void
  /** Reads again each read that failed. */
  retryFailed(): void
}

export function createQueriesObserver<R extends QueryReads>(
  queries: Pick<Queries, 'observe'>,
  reads: R,
): QueriesObserver<R> {
  const observers = reads.map(([name, input]) =>
    queries.observe(name, input as CallInput<EndpointName>),
  ) as QueryObserver<EndpointName>[]
  let views: readonly QueryView<unknown>[] = []

  return {
    getSnapshot() {
      const next = observers.map((observer) => observer.getSnapshot())
      if (next.length !== views.length || next.some((view, index) => view !== views[index])) views = next
      return views as QueryViews<R>
    },
    subscribe(listener) {
      const stops = observers.map((observer) => observer.subscribe(listener))
      return () => {
        for (const stop of stops) stop()
      }
    },
    setInputs(next) {
      for (const [index, [, input]] of next.entries()) {
        observers[index]?.setInput((input ?? undefined) as CallInput<EndpointName>)
      }
    },
    retryFailed() {
      for (const observer of observers) if (observer.getSnapshot().status === 'failed') void observer.refetch()
    },
  }
}
