import { describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../api/api-client-types.ts'
import { createApiUrls } from '../api/api-urls.ts'
import type { AuthForServicesState } from '../kernel/auth-for-services.ts'
import { createStore } from '../kernel/store.ts'
import { memoryPlatform } from '../platform/memory-platform.ts'
import { createSimulatedClock } from '../testing/index.ts'
import type { VisitAnalyticsEvents } from './analytics-public-types.ts'
import { createLazyVisitAnalytics } from './lazy-visit-analytics.ts'

// The service's chunk never arrives (as a lost network would have it).
vi.mock('./analytics-service.ts', () => {
  throw new Error('the analytics chunk did not load')
})

function lazyAnalytics(enabled: boolean) {
  const api = {} as ApiClient
  const analytics = createLazyVisitAnalytics({
    api,
    urls: createApiUrls('https://api.example.com'),
    platform: memoryPlatform(),
    clock: createSimulatedClock(),
    auth: {
      store: createStore<AuthForServicesState>({ status: 'unauthenticated', user: null }),
      onBeforeSignOut: () => () => {},
    },
    enabled,
  })
  const failures: VisitAnalyticsEvents['failed'][] = []
  analytics.events.on('failed', (failure) => failures.push(failure))
  return { analytics, failures }
}

describe('client.analytics before its service loads', () => {
  it('opted out, answers at once and loads nothing', async () => {
    const { analytics, failures } = lazyAnalytics(false)
    analytics.start()
    expect(await analytics.trackConversion('paid')).toBe('disabled')
    expect(await analytics.trackSignup('user-1')).toBe('disabled')
    expect(analytics.store.getState().status).toBe('disabled')
    expect(failures).toEqual([])
  })

  it('a service that never arrives is a visit that could not be recorded, never a throw', async () => {
    const { analytics, failures } = lazyAnalytics(true)
    expect(analytics.store.getState().status).toBe('idle')
    analytics.start()
    expect(await analytics.trackConversion('paid')).toBe('failed')
    expect(analytics.store.getState()).toMatchObject({ status: 'failed', visitId: null })
    expect(failures).toEqual([{ operation: 'trackVisit', error: expect.any(String), status: 0 }])
    analytics.endVisit()
    analytics.dispose()
    expect(analytics.store.getState().status).toBe('disposed')
    expect(await analytics.trackSignup('user-1')).toBe('disposed')
  })
})
