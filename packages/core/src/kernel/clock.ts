/**
 * The clock port. Everything time-based in the core and the mock backend reads time and sets timers
 * through one of these, never `Date.now()` or the global timers, so one simulated clock can drive a
 * client and the backend through hours in milliseconds. Also its own entry (`@coursekit/core/clock`),
 * so the mock backend takes it without loading the client, with the lengths of time it counts in.
 */
export { DAY, HOUR, MINUTE, SECOND } from './time-units.ts'

export interface Clock {
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/**
 * Resolves after `ms` on `clock`. With a signal, rejects with the signal's reason when it aborts
 * (and clears the timer, so an aborted sleep holds nothing).
 */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortReason(signal))
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clock.clearTimeout(handle)
      reject(abortReason(signal!))
    }
    const handle = clock.setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      },
      Math.max(0, ms),
    )
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError')
}
