import { demoAccounts } from '@coursekit/mock-server'
import { APP_ORIGIN } from '@coursekit/testkit'
import { createWorld, providerOf } from '@coursekit/testkit/react'
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useProfileGate } from './use-profile-gate.ts'

const { learner, incomplete } = demoAccounts
const completionPath = `/sign/complete/${incomplete.id}/${encodeURIComponent(incomplete.email)}`

describe('useProfileGate', () => {
  it('entering gated pages with an incomplete profile: to the completion page, 3 times in all (StrictMode asks once per page)', async () => {
    const world = await createWorld()
    const device = world.device({ url: `${APP_ORIGIN}/courses`, client: { navigation: 'manual' } })
    await device.signIn(incomplete.email, incomplete.password)
    // The sign-in took the first redirect itself.
    expect(device.navigations).toEqual([{ to: completionPath, replace: false, delayMs: 0 }])

    device.platform.setLocation(`${APP_ORIGIN}/lessons/1`)
    const { result, rerender } = renderHook((props: { pathname: string }) => useProfileGate(props), {
      wrapper: providerOf(device.client),
      reactStrictMode: true,
      initialProps: { pathname: '/lessons/1' },
    })
    expect(result.current).toMatchObject({ status: 'incomplete', completion: 33 })
    expect(device.navigations.slice(1)).toEqual([{ to: completionPath, replace: true, delayMs: 0 }])

    device.platform.setLocation(`${APP_ORIGIN}/lessons/2`)
    rerender({ pathname: '/lessons/2' })
    expect(device.navigations).toHaveLength(3)
    expect(device.platform.sessionStorage.get('profileRedirectCount')).toBe('3')

    device.platform.setLocation(`${APP_ORIGIN}/lessons/3`)
    rerender({ pathname: '/lessons/3' })
    expect(device.navigations).toHaveLength(3)
    expect(result.current).toMatchObject({ status: 'complete', profile: { hasProfile: true } })
    device.client.dispose()
  })

  it('a complete profile passes; the completion page itself is never redirected from', async () => {
    const world = await createWorld()
    const done = world.device({ name: 'done', url: `${APP_ORIGIN}/courses` })
    await done.signIn(learner.email, learner.password)
    const { result } = renderHook(() => useProfileGate(), { wrapper: providerOf(done.client) })
    expect(result.current.status).toBe('complete')
    expect(done.navigations).toEqual([])

    const halfway = world.device({ name: 'halfway', url: `${APP_ORIGIN}${completionPath}` })
    await halfway.signIn(incomplete.email, incomplete.password)
    const gate = renderHook(() => useProfileGate(), { wrapper: providerOf(halfway.client) })
    expect(gate.result.current.status).toBe('incomplete')
    expect(halfway.navigations).toEqual([])
    done.client.dispose()
    halfway.client.dispose()
  })

  it('before the session is known it waits (the sign-in redirect is the core’s); enabled: false never asks', async () => {
    const world = await createWorld()
    const device = world.device({ url: `${APP_ORIGIN}/lessons/1` })
    const { result, rerender } = renderHook((props: { pathname: string; enabled: boolean }) => useProfileGate(props), {
      wrapper: providerOf(device.client),
      initialProps: { pathname: '/lessons/1', enabled: true },
    })
    expect(result.current.status).toBe('loading')
    await device.signIn(incomplete.email, incomplete.password)
    expect(result.current.status).toBe('incomplete')
    expect(device.navigations).toEqual([{ to: completionPath, replace: false, delayMs: 0 }])

    device.platform.setLocation(`${APP_ORIGIN}/lessons/2`)
    rerender({ pathname: '/lessons/2', enabled: false })
    expect(device.navigations).toHaveLength(1)
    device.client.dispose()
  })
})
