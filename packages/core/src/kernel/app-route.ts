import type { LocationPort } from './ports.ts'

/**
 * Where the app is, for the services that depend on it (session tracking and analytics skip the
 * admin area), including moves without a page load. Two sources feed it, either is enough: the
 * location port's subscription (the browser platform hears history changes), and `changed()`, which
 * the app's router calls after each navigation:
 *
 * ```ts
 * // react-router
 * const { pathname } = useLocation()
 * useEffect(() => client.route.changed(pathname), [pathname])
 * // TanStack Router
 * router.subscribe('onResolved', ({ toLocation }) => client.route.changed(toLocation.pathname))
 * ```
 *
 * Both may report the same move: listeners hear each change of path once.
 */
export interface AppRoute {
  /** The app's path now: the one the router last told, else the location port's. */
  pathname(): string
  /** The app moved without a page load, to `pathname` (default: the location port's path). */
  changed(pathname?: string): void
  /** Calls `listener` with the new path after each change of path; returns the unsubscribe function. */
  subscribe(listener: (pathname: string) => void): () => void
  /** Stops hearing the location port; listeners hear nothing more. */
  dispose(): void
}

export function createAppRoute(location: LocationPort): AppRoute {
  const listeners = new Set<(pathname: string) => void>()
  /** The path a router told, until the location port reports a move of its own. */
  let told: string | null = null
  /** The path listeners last heard of (or were subscribed at). */
  let heard: string | null = null
  let unsubscribePort: (() => void) | null = null
  let disposed = false

  const pathname = () => told ?? location.current().pathname

  function announce(): void {
    const now = pathname()
    if (now === heard) return
    heard = now
    for (const listener of [...listeners]) listener(now)
  }

  return {
    pathname,
    changed(next) {
      if (disposed) return
      told = next ?? null
      announce()
    },
    subscribe(listener) {
      if (disposed) return () => {}
      if (listeners.size === 0) {
        heard = pathname()
        unsubscribePort =
          location.subscribe?.(() => {
            told = null
            announce()
          }) ?? null
      }
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0) return
        unsubscribePort?.()
        unsubscribePort = null
      }
    },
    dispose() {
      disposed = true
      listeners.clear()
      unsubscribePort?.()
      unsubscribePort = null
    },
  }
}
