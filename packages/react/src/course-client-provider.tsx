import { type CourseClient, type CourseClientOptions, createCourseClient } from '@coursekit/core'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { CourseClientContext } from './course-client-context.ts'

export type CourseClientProviderProps = {
  children?: ReactNode
} & (
  | {
      /**
       * A client you made (and dispose yourself, e.g. in `import.meta.hot.dispose`). The provider
       * starts it and never disposes it.
       */
      client: CourseClient
      options?: never
    }
  | {
      /**
       * Options for a client the provider makes on first render, starts on mount and disposes on
       * unmount. They are read once: to switch to another client, change the provider's `key`.
       */
      options: CourseClientOptions
      client?: never
    }
)

/**
 * Puts a CourseClient in context for the hooks and starts it after mount (never while rendering,
 * so server rendering starts nothing). StrictMode and Fast Refresh run effects twice, cleanup in
 * between: the cleanup only schedules the dispose, and an effect that comes back at once (the same
 * task) cancels it, so one client keeps running and registers one device session. Making a client
 * has no side effect before start(), so StrictMode calling the state initializer twice only leaves
 * an unused client for the garbage collector.
 */
export function CourseClientProvider(props: CourseClientProviderProps): ReactNode {
  const [owned, setOwned] = useState<CourseClient | null>(() =>
    props.client ? null : createCourseClient(props.options),
  )
  const client = props.client ?? owned
  if (!client) throw new Error('CourseClientProvider: pass `client` or `options` (change the `key` to switch)')
  const pendingDispose = useRef<{ cancelled: boolean } | null>(null)
  const options = useRef(props.options)
  useEffect(() => {
    options.current = props.options
  })

  useEffect(() => {
    if (pendingDispose.current) pendingDispose.current.cancelled = true
    pendingDispose.current = null
    if (client === owned && client.status === 'disposed') {
      // Hidden and shown again (React's <Activity>) after the dispose went through: a fresh client.
      if (options.current) setOwned(createCourseClient(options.current))
      return
    }
    client.start()
    if (client !== owned) return
    return () => {
      const pending = { cancelled: false }
      pendingDispose.current = pending
      void Promise.resolve().then(() => {
        if (!pending.cancelled) client.dispose()
      })
    }
  }, [client, owned])

  return <CourseClientContext.Provider value={client}>{props.children}</CourseClientContext.Provider>
}
