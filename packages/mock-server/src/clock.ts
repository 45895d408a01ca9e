/**
 * The backend's view of time. Structurally the same as the core's clock port, so one simulated clock
 * can drive a client and the backend together.
 */
export interface BackendClock {
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const systemClock: BackendClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** Resolves after `ms` on the given clock, so latency faults follow simulated time too. */
export function sleep(clock: BackendClock, ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve()
  return new Promise((resolve) => {
    clock.setTimeout(resolve, ms)
  })
}

export const isoTime = (ms: number): string => new Date(ms).toISOString()
