import { demoAccounts } from '@coursekit/mock-server'
import { APP_ORIGIN } from '@coursekit/testkit'
import { createWorld, providerOf } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useConversion } from './use-conversion.ts'
import { useVisitTracking } from './use-visit-tracking.ts'

describe('useVisitTracking', () => {
  it('shows the visit the client records when the provider starts it', async () => {
    const world = await createWorld()
    const device = world.device({ url: `${APP_ORIGIN}/courses?utm_source=kakao` })
    const { result } = renderHook(
      () => ({ visit: useVisitTracking(), visitId: useVisitTracking((state) => state.visitId) }),
      { wrapper: providerOf(device.client) },
    )
    await act(() => device.client.auth!.start())
    await world.advance(10_000, 1_000)
    expect(result.current.visit.status).toBe('tracked')
    expect(result.current.visitId).not.toBeNull()
    expect(world.backend.context.visits.get(result.current.visitId!)).toMatchObject({
      entryPath: '/courses',
      utmSource: 'kakao',
      userId: null,
    })
    device.client.dispose()
  })
})

describe('useConversion', () => {
  it('tracks a conversion once per page load; the list re-renders', async () => {
    const world = await createWorld()
    const device = world.device()
    const { result } = renderHook(() => useConversion(), { wrapper: providerOf(device.client) })
    await device.signIn(demoAccounts.learner.email, demoAccounts.learner.password)
    expect(result.current.conversions).toEqual([])
    let outcome: unknown
    await act(async () => {
      outcome = await result.current.trackConversion('signup')
    })
    expect(outcome).toBe('tracked')
    expect(result.current.conversions).toEqual(['signup'])
    await act(async () => {
      outcome = await result.current.trackConversion('signup')
    })
    expect(outcome).toBe('duplicate')
    expect(
      world.requestsTo('PUT', `/track-conversion/${device.client.analytics.store.getState().visitId}`),
    ).toHaveLength(1)
    device.client.dispose()
  })
})
