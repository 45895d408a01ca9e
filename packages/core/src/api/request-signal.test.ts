import { getEventListeners } from 'node:events'
import { describe, expect, it } from 'vitest'
import { createSimulatedClock } from '../testing/index.ts'
import { requestSignals } from './request-signal.ts'

function setup() {
  const lifetime = new AbortController()
  const clock = createSimulatedClock()
  return { lifetime, clock, signalFor: requestSignals(lifetime.signal, clock) }
}

describe('requestSignals', () => {
  it('ends every request in flight when the lifetime ends, with its reason', () => {
    const { lifetime, signalFor } = setup()
    const first = signalFor(undefined, undefined)
    const second = signalFor(undefined, undefined)
    const reason = new Error('disposed')
    lifetime.abort(reason)
    expect(first.signal.reason).toBe(reason)
    expect(second.signal.reason).toBe(reason)
    expect(first.timedOut).toBe(false)
  })

  it('starts aborted after the lifetime ended', () => {
    const { lifetime, signalFor } = setup()
    lifetime.abort()
    expect(signalFor(undefined, undefined).signal.aborted).toBe(true)
  })

  it('lets go of a request that ended: a later lifetime end does not reach it', () => {
    const { lifetime, signalFor } = setup()
    const request = signalFor(undefined, undefined)
    request.end()
    lifetime.abort()
    expect(request.signal.aborted).toBe(false)
  })

  it('times out on the clock, and clears the timer when the request ends first', () => {
    const { clock, signalFor } = setup()
    const slow = signalFor(3_000, undefined)
    clock.tick(2_999)
    expect(slow.signal.aborted).toBe(false)
    clock.tick(1)
    expect(slow.timedOut).toBe(true)
    expect(slow.signal.reason).toMatchObject({ name: 'TimeoutError' })
    slow.end()

    const quick = signalFor(3_000, undefined)
    quick.end()
    expect(clock.pendingTimers()).toBe(0)
    expect(quick.timedOut).toBe(false)
  })

  it("follows the caller's signal, with its reason, before and during the request", () => {
    const { lifetime, signalFor } = setup()
    const caller = new AbortController()
    const request = signalFor(undefined, caller.signal)
    caller.abort('stop')
    expect(request.signal.reason).toBe('stop')
    expect(request.timedOut).toBe(false)
    expect(signalFor(undefined, caller.signal).signal.reason).toBe('stop')

    const other = signalFor(undefined, new AbortController().signal)
    lifetime.abort('disposed')
    expect(other.signal.reason).toBe('disposed')
  })

  it("lets go of the caller's signal when the request ends", () => {
    const { signalFor } = setup()
    const caller = new AbortController()
    for (let i = 0; i < 3; i++) signalFor(undefined, caller.signal).end()
    const open = signalFor(undefined, caller.signal)
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(1)
    open.end()
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0)
    caller.abort()
    expect(open.signal.aborted).toBe(false)
  })

  it('gives the reason of whichever stopped the request first', () => {
    const { lifetime, clock, signalFor } = setup()
    const caller = new AbortController()
    const request = signalFor(1_000, caller.signal)
    clock.tick(1_000)
    caller.abort('stop')
    lifetime.abort('disposed')
    expect(request.timedOut).toBe(true)
    expect(request.signal.reason).toMatchObject({ name: 'TimeoutError' })
  })

  it('keeps one listener on the lifetime however many requests went out through a Request', () => {
    const { lifetime, signalFor } = setup()
    for (let i = 0; i < 50; i++) {
      const request = signalFor(undefined, undefined)
      // Node's Request listens on the signal it is given until it is garbage-collected.
      new Request('https://api.coursekit.test/api/ping', { signal: request.signal })
      request.end()
    }
    expect(getEventListeners(lifetime.signal, 'abort')).toHaveLength(1)
  })
})
