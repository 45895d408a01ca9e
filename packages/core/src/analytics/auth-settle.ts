import type { AuthForServices } from '../kernel/auth-for-services.ts'
import type { Clock } from '../kernel/clock.ts'

/** A wait for the auth state to settle, which can be cut short. */
export interface AuthSettle {
  /** Resolves when the auth state is no longer loading, after the limit, or when cut short. */
  settled: Promise<void>
  /** Ends the wait now (the page is going away, the service is disposed). */
  cut(): void
}

/**
 * Waits (on the client's clock, at most `limitMs`) until the auth state is no longer loading, so
 * that a signed-in visit carries its user id.
 */
export function waitForAuthSettled(auth: AuthForServices, clock: Clock, limitMs: number): AuthSettle {
  if (auth.store.getState().status !== 'loading') return { settled: Promise.resolve(), cut() {} }
  let cut = () => {}
  const settled = new Promise<void>((resolve) => {
    const unsubscribe = auth.store.subscribe((state) => {
      if (state.status !== 'loading') cut()
    })
    const timer = clock.setTimeout(() => cut(), limitMs)
    cut = () => {
      cut = () => {}
      unsubscribe()
      clock.clearTimeout(timer)
      resolve()
    }
  })
  return { settled, cut: () => cut() }
}
