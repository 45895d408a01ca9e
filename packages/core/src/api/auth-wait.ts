import { type Clock, sleep } from '../kernel/clock.ts'
import { AUTH_WAIT_LIMIT_MS } from '../kernel/constants.ts'

/**
 * Spec section 5: a request that needs auth waits for auth initialisation, at most about 5 s on the
 * client's clock. It waits on auth's own promise (`ApiAuthPort.whenInitialized`), never by checking
 * at intervals, so it goes on in the same turn auth becomes ready, and its timer goes then. Resolves
 * false when auth did not initialise in time; rejects only when `signal` aborts.
 */
export function waitForAuthInitialized(
  initializing: Promise<void>,
  clock: Clock,
  signal: AbortSignal,
): Promise<boolean> {
  const ready = new AbortController()
  void initializing.then(() => ready.abort())
  return sleep(clock, AUTH_WAIT_LIMIT_MS, AbortSignal.any([signal, ready.signal])).then(
    // The limit passed: auth becoming ready would have ended the sleep.
    () => false,
    (reason: unknown) => {
      // Ended early: by the caller's signal (an abort to pass on), or by auth becoming ready.
      if (signal.aborted) throw reason
      return true
    },
  )
}
