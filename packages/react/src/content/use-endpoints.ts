import { createQueriesObserver, type QueryReads, type QueryViews } from '@coursekit/core'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { useCourseClient } from '../course-client-context.ts'

/**
 * Several contract reads from the client's cache as one subscription (a core QueriesObserver): each
 * read's view in the order given, and a command that reads again whatever failed. The endpoints stay
 * the same for the component's life; their inputs may change.
 */
export function useEndpoints<R extends QueryReads>(reads: R): [views: QueryViews<R>, retryFailed: () => void] {
  const client = useCourseClient()
  const names = reads.map(([name]) => name).join(' ')
  const inputs = JSON.stringify(reads.map(([, input]) => input ?? null))
  // biome-ignore lint/correctness/useExhaustiveDependencies: the inputs at creation; later ones go through setInputs
  const observer = useMemo(() => createQueriesObserver(client.queries, reads), [client, names])
  useEffect(() => {
    const parsed = JSON.parse(inputs) as (object | null)[]
    observer.setInputs(names.split(' ').map((name, index) => [name, parsed[index] ?? undefined]) as unknown as R)
  }, [observer, names, inputs])
  const views = useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getSnapshot)
  return [views, observer.retryFailed]
}
