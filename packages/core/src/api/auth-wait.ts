import { type Clock, sleep } from '../kernel/clock.ts'
import { AUTH_WAIT_ATTEMPTS, AUTH_WAIT_INTERVAL_MS } from '../kernel/constants.ts'
import type { ApiAuthPort } from './api-auth-port.ts'

/**
 * Spec section 5: a request that needs auth waits for auth initialisation, checking 50 times at
 * 100 ms intervals on the client's clock (about 5 s). Resolves false when it never initialised;
 * rejects only when `signal` aborts.
 */
export async function waitForAuthInitialized(auth: ApiAuthPort, clock: Clock, signal?: AbortSignal): Promise<boolean> {
  for (let attempt = 0; attempt < AUTH_WAIT_ATTEMPTS; attempt++) {
    if (auth.isInitialized()) return true
    await sleep(clock, AUTH_WAIT_INTERVAL_MS, signal)
  }
  return auth.isInitialized()
}
