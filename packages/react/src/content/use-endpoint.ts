import type { CallInput, QueryView, QueryViewStatus } from '@coursekit/core'
import type { EndpointName, EndpointResponse } from '@coursekit/core/contract'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { useCourseClient } from '../course-client-context.ts'

export type EndpointStatus = QueryViewStatus

export interface EndpointView<T> extends QueryView<T> {
  /** Asks again (after a failure, or to refresh). */
  retry(): void
}

/**
 * A contract endpoint's read from the client's cache (`client.queries`), as a render-ready view: one
 * subscription to a core observer. Every component showing the same endpoint and input shares one
 * read; an answer under a minute old is shown without asking again. The client's rules apply as to
 * every call (a 5xx is a toast, a 401 recovers or signs out).
 */
export function useEndpoint<N extends EndpointName>(name: N, input?: CallInput<N>): EndpointView<EndpointResponse<N>> {
  const client = useCourseClient()
  // undefined for no input, which must stay undefined (a call's input is an object or nothing).
  const inputKey: string | undefined = JSON.stringify(input)
  // One observer per component and endpoint; a new input moves it (the effect below).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the input at creation; later ones go through setInput
  const observer = useMemo(() => client.queries.observe(name, input), [client, name])
  useEffect(() => observer.setInput(inputKey === undefined ? undefined : JSON.parse(inputKey)), [observer, inputKey])
  const view = useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getSnapshot)
  return { ...view, retry: () => void observer.refetch() }
}
