import { describe, expect, it } from 'vitest'
import { HOUR, MINUTE, SECOND } from '../kernel/time-units.ts'
import { createMemoryStorage } from '../platform/memory-storage.ts'
import { createSimulatedClock } from '../testing/index.ts'
import { createServerClock } from './server-clock.ts'

describe('the server clock', () => {
  it('puts the server times on a clock that runs ahead (or behind) as measured on a token just arrived', () => {
    const clock = createSimulatedClock()
    const storage = createMemoryStorage()
    const server = createServerClock(storage, clock)
    expect(server.toClient(1_000)).toBe(1_000)
    server.learn(clock.now() - HOUR)
    expect(server.toClient(1_000)).toBe(1_000 + HOUR)
    // Another tab, or the next page load, of the same storage judges by it too.
    expect(createServerClock(storage, clock).toClient(1_000)).toBe(1_000 + HOUR)
    server.learn(clock.now() + 2 * HOUR)
    expect(server.toClient(1_000)).toBe(1_000 - 2 * HOUR)
  })

  it('takes an offset under a minute (latency, iat in whole seconds) as none, and a token without iat teaches nothing', () => {
    const clock = createSimulatedClock()
    const storage = createMemoryStorage()
    const server = createServerClock(storage, clock)
    server.learn(clock.now() - HOUR)
    server.learn(null)
    expect(server.toClient(0)).toBe(HOUR)
    server.learn(clock.now() - 40 * SECOND)
    expect(server.toClient(0)).toBe(0)
    expect(storage.entries()).toEqual({})
    server.learn(clock.now() + MINUTE - 1)
    expect(server.toClient(0)).toBe(0)
  })

  it('reads a stored offset that is not a number as none', () => {
    const clock = createSimulatedClock()
    const storage = createMemoryStorage({ 'coursekit.auth.serverClockOffset': 'soon' })
    expect(createServerClock(storage, clock).toClient(5)).toBe(5)
  })
})
