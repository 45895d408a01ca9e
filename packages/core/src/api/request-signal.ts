import type { Clock } from '../kernel/clock.ts'

/**
 * Each request gets a controller of its own, which the client's lifetime, the request's timeout and
 * its caller's signal abort; whichever comes first gives the reason.
 *
 * Why not hand the transport the lifetime signal itself: Node's `Request` adds an abort listener to
 * the signal it is given and removes it only when the request is garbage-collected, so a signal that
 * lives as long as the client would pile up one listener per request, each costing more to add than
 * the last. And why not `AbortSignal.any([lifetime, timeout, caller])`: it costs microseconds per
 * request. Here the lifetime has one listener for all requests in flight, and a caller's signal one
 * for its request, removed when the request ends.
 */
export function requestSignals(
  lifetime: AbortSignal,
  clock: Clock,
): (timeoutMs: number | undefined, caller: AbortSignal | undefined) => RequestSignal {
  const client = { lifetime, inFlight: new Set<AbortController>(), clock }
  lifetime.addEventListener(
    'abort',
    () => {
      for (const controller of client.inFlight) controller.abort(lifetime.reason)
    },
    { once: true },
  )
  return (timeoutMs, caller) => new RequestSignal(client, timeoutMs, caller)
}

/** What one request follows: the client's lifetime, its own timeout and its caller's signal. */
export class RequestSignal {
  // A class, not an object literal with a getter: one is made per request (the hot path), and such a
  // literal is the costlier to make; `npm run bench:instructions` counts it.
  readonly #controller = new AbortController()
  readonly #inFlight: Set<AbortController>
  readonly #clock: Clock
  readonly #timer: unknown
  readonly #caller: { signal: AbortSignal; onAbort: () => void } | null = null
  #timedOut = false

  constructor(
    client: { lifetime: AbortSignal; inFlight: Set<AbortController>; clock: Clock },
    timeoutMs: number | undefined,
    caller: AbortSignal | undefined,
  ) {
    const controller = this.#controller
    this.#inFlight = client.inFlight
    this.#clock = client.clock
    if (client.lifetime.aborted) controller.abort(client.lifetime.reason)
    else this.#inFlight.add(controller)
    if (caller?.aborted) controller.abort(caller.reason)
    else if (caller !== undefined) {
      const onAbort = () => controller.abort(caller.reason)
      caller.addEventListener('abort', onAbort, { once: true })
      this.#caller = { signal: caller, onAbort }
    }
    this.#timer =
      timeoutMs === undefined
        ? undefined
        : client.clock.setTimeout(() => {
            this.#timedOut = true
            controller.abort(new DOMException('The request timed out', 'TimeoutError'))
          }, timeoutMs)
  }

  get signal(): AbortSignal {
    return this.#controller.signal
  }

  /** True once the request's timeout has fired (whatever stopped the request first). */
  get timedOut(): boolean {
    return this.#timedOut
  }

  /** Clears the timer and lets go of the request; call it once the request has its answer. */
  end(): void {
    this.#inFlight.delete(this.#controller)
    this.#caller?.signal.removeEventListener('abort', this.#caller.onAbort)
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer)
  }
}
