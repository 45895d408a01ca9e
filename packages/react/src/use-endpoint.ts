import type { ApiFailure, CallInput } from '@coursekit/core'
import type { EndpointName, EndpointResponse } from '@coursekit/core/contract'
import { useCallback, useEffect, useState } from 'react'
import { useCourseClient } from './course-client-context.ts'

export type EndpointStatus = 'loading' | 'ready' | 'failed'

export interface EndpointView<T> {
  status: EndpointStatus
  /** The parsed body once `ready`; the last good one stays while a retry loads. */
  data: T | null
  /** Why it failed (its `error` is text for a person), null unless `failed`. */
  failure: ApiFailure | null
  /** No answer arrived (status 0): the page shows an offline banner with a retry. */
  offline: boolean
  /** Asks again (after a failure, or to refresh). */
  retry(): void
}

interface Loaded<T> {
  key: string
  data: T | null
  failure: ApiFailure | null
}

/**
 * A contract endpoint read when the component mounts and again when `input` changes or `retry()` is
 * called, as a render-ready view. The client's rules apply as to every call (a 5xx is a toast, a
 * 401 recovers or signs out); a request still on its way when the component goes is aborted.
 */
export function useEndpoint<N extends EndpointName>(name: N, input?: CallInput<N>): EndpointView<EndpointResponse<N>> {
  const client = useCourseClient()
  const inputKey = JSON.stringify(input ?? null)
  const [attempt, setAttempt] = useState(0)
  const [loaded, setLoaded] = useState<Loaded<EndpointResponse<N>> | null>(null)
  const key = `${name} ${inputKey} ${attempt}`

  useEffect(() => {
    const stop = new AbortController()
    const parsedInput = JSON.parse(inputKey) as CallInput<N> | null
    const call = client.api.call as (
      name: N,
      input: CallInput<N>,
      options: { signal: AbortSignal },
    ) => ReturnType<typeof client.api.call<N>>
    void call(name, parsedInput ?? ({} as CallInput<N>), { signal: stop.signal }).then((response) => {
      if (stop.signal.aborted) return
      setLoaded((previous) =>
        response.ok
          ? { key, data: response.data, failure: null }
          : { key, data: previous?.data ?? null, failure: response },
      )
    })
    return () => stop.abort()
  }, [client, name, inputKey, key])

  const retry = useCallback(() => setAttempt((count) => count + 1), [])
  const current = loaded?.key === key ? loaded : null
  const failure = current?.failure ?? null
  return {
    status: current === null ? 'loading' : failure ? 'failed' : 'ready',
    data: current?.data ?? loaded?.data ?? null,
    failure,
    offline: failure?.status === 0,
    retry,
  }
}
