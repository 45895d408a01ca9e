import { describe, expect, it } from 'vitest'
import type { DeviceListItem } from '../contract/session-tracker.ts'
import { createSimulatedClock } from '../testing/index.ts'
import { createDeviceListCache } from './device-list-cache.ts'
import type { DeviceListResult } from './device-public-types.ts'

const item = (id: string): DeviceListItem => ({
  id,
  isOldest: false,
  device: {
    sessionId: id,
    userAgent: 'ua',
    createdAt: '2026-11-02T09:00:00.000Z',
    lastSeenAt: '2026-11-02T09:00:00.000Z',
    isWatchingVideo: false,
    videoId: null,
  },
})

function rig(results: (() => DeviceListResult)[] = []) {
  const clock = createSimulatedClock()
  let loads = 0
  const cache = createDeviceListCache({
    clock,
    async load() {
      loads++
      await Promise.resolve()
      return results.shift()?.() ?? { ok: true, devices: [item(`load-${loads}`)], fetchedAt: clock.now() }
    },
  })
  return { clock, cache, loads: () => loads }
}

describe('device list cache', () => {
  it('answers ten callers within 60 s with one request', async () => {
    const r = rig()
    const first = await Promise.all(Array.from({ length: 5 }, () => r.cache.get()))
    await r.clock.tickAsync(59_999)
    const later = await Promise.all(Array.from({ length: 5 }, () => r.cache.get()))
    expect(r.loads()).toBe(1)
    for (const result of [...first, ...later]) expect(result).toMatchObject({ ok: true, devices: [{ id: 'load-1' }] })
    await r.clock.tickAsync(1)
    await r.cache.get()
    expect(r.loads()).toBe(2)
  })

  it('does not cache a failure', async () => {
    const r = rig([() => ({ ok: false, error: 'request failed: 503', code: null, status: 503 })])
    expect(await r.cache.get()).toMatchObject({ ok: false, status: 503 })
    expect(await r.cache.get()).toMatchObject({ ok: true })
    expect(r.loads()).toBe(2)
  })

  it('force, prime and invalidate', async () => {
    const r = rig()
    r.cache.prime([item('primed')])
    expect(await r.cache.get()).toMatchObject({ devices: [{ id: 'primed' }] })
    expect(r.loads()).toBe(0)
    await r.cache.get({ force: true })
    expect(r.loads()).toBe(1)
    // An answer to a request that an invalidation overtook is not cached.
    const stale = r.cache.get({ force: true })
    r.cache.invalidate()
    await stale
    await r.cache.get()
    expect(r.loads()).toBe(3)
  })
})
