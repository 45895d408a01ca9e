import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../api/api-client-types.ts'
import { type ApiResponse, failure } from '../api/api-response.ts'
import type { DeviceListItem, SessionListResponse } from '../contract/session-tracker.ts'
import type { AuthForServicesState } from '../kernel/auth-for-services.ts'
import { createStore } from '../kernel/store.ts'
import { createQueries } from '../queries/queries.ts'
import { createSimulatedClock } from '../testing/index.ts'
import { createDeviceListCache } from './device-list-cache.ts'

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

type ListAnswer = ApiResponse<SessionListResponse>

const listed = (devices: DeviceListItem[]): ListAnswer => ({ ok: true, data: { sessions: devices } }) as ListAnswer

/** The cache over the content reads, whose API answers each read with the next of `answers` (else a list of one). */
function rig(answers: (() => ListAnswer)[] = []) {
  const clock = createSimulatedClock()
  let loads = 0
  const api = {
    async call(name: string) {
      expect(name).toBe('listSessions')
      loads++
      await Promise.resolve()
      return answers.shift()?.() ?? listed([item(`load-${loads}`)])
    },
  } as unknown as ApiClient
  const account = createStore<AuthForServicesState>({ status: 'authenticated', user: { id: 'u1', email: null } })
  const lifecycle = { onPageHide: () => () => {}, onVisibilityChange: () => () => {}, isVisible: () => true }
  const cache = createDeviceListCache({ queries: createQueries({ api, clock, lifecycle, account }) })
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
    const r = rig([() => failure({ error: 'request failed: 503', status: 503 })])
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
