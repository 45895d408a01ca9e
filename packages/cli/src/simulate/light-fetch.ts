import { Headers, Request, Response } from '@whatwg-node/node-fetch'

const NAMES = ['Request', 'Response', 'Headers'] as const
const LIGHT = { Request, Response, Headers } as const

/** Runs that hold the swap; the first swaps, the last swaps back. */
let holders = 0
let native: Map<string, PropertyDescriptor | undefined> | null = null

/**
 * Swaps this thread's global `Request`, `Response` and `Headers` for @whatwg-node/node-fetch's until
 * the returned function is called, for an embedded simulation: every request it makes is built,
 * handled and read in this thread. These keep a string body as it is, where Node's own classes
 * (undici's) turn it into a stream, then bytes, then a string again, and check every header
 * character: work a simulation's millions of requests must not pay (bench/budget.bench.ts measures
 * a request on both).
 *
 * The swap has to be global because Hono makes its responses with the global `Response` (which is
 * why @hono/node-server swaps in its own lighter `Response` too). A swap lasts one run; overlapping
 * runs in one thread share it, and the last to end puts Node's classes back.
 */
export function useLightFetchClasses(): () => void {
  if (holders++ === 0) {
    native = new Map(NAMES.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]))
    for (const name of NAMES) {
      Object.defineProperty(globalThis, name, { value: LIGHT[name], writable: true, configurable: true })
    }
  }
  let released = false
  return () => {
    if (released) return
    released = true
    if (--holders > 0 || !native) return
    for (const [name, descriptor] of native) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor)
      else delete (globalThis as Record<string, unknown>)[name]
    }
    native = null
  }
}
