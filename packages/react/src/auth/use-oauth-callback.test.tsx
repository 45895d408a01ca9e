import { demoAccounts } from '@coursekit/mock-server'
import { APP_ORIGIN, type Device, type World } from '@coursekit/testkit'
import { createWorld, providerOf } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useOAuthCallback } from './use-oauth-callback.ts'

/** Starts Google sign-in on `page`, consents at the mock's consent shortcut, and lands on /auth/callback. */
async function returnFromGoogle(world: World, device: Device, email: string): Promise<void> {
  const started = await act(() => device.client.auth!.signInWithOAuth('GOOGLE'))
  if (started.status !== 'redirecting') throw new Error('OAuth did not start')
  const consent = new URL(started.url)
  consent.pathname += '/consent'
  consent.searchParams.set('email', email)
  const answer = await world.backend.fetch(consent, { redirect: 'manual' })
  device.platform.setLocation(answer.headers.get('location')!)
}

describe('useOAuthCallback', () => {
  it('handles /auth/callback once under StrictMode, signs in and lands on the saved target after 1 s', async () => {
    const world = await createWorld()
    const device = world.device({ url: `${APP_ORIGIN}/courses/101` })
    await returnFromGoogle(world, device, demoAccounts.google.email)
    const handle = vi.spyOn(device.client.auth!, 'handleOAuthCallback')
    const { result } = renderHook(() => useOAuthCallback(), {
      wrapper: providerOf(device.client),
      reactStrictMode: true,
    })
    expect(result.current).toEqual({ status: 'pending', result: null })
    await world.advance(3_000, 100)
    expect(result.current).toMatchObject({
      status: 'signed-in',
      result: { user: { id: demoAccounts.google.id }, redirectTo: '/courses/101' },
    })
    expect(handle).toHaveBeenCalledTimes(1)
    expect(world.requestsTo('POST', '/api/v2/oauth/process')).toHaveLength(1)
    expect(device.navigations.at(-1)).toEqual({ to: '/courses/101', replace: true, delayMs: 1_000 })
    device.client.dispose()
  })

  it('reports a failed callback (no code, no tokens) and the core sends the user back to sign-in', async () => {
    const world = await createWorld()
    const device = world.device({ url: `${APP_ORIGIN}/auth/callback?error=access_denied` })
    const { result } = renderHook(() => useOAuthCallback(), { wrapper: providerOf(device.client) })
    await world.advance(3_000, 100)
    expect(result.current).toMatchObject({ status: 'error', result: { message: 'OAuth 인증 처리 중 오류 발생' } })
    expect(device.navigations).toEqual([{ to: '/sign/in', replace: true, delayMs: 0 }])
    device.client.dispose()
  })

  it('enabled: false waits', async () => {
    const world = await createWorld()
    const device = world.device({ url: `${APP_ORIGIN}/auth/callback?code=x` })
    const { result } = renderHook(() => useOAuthCallback({ enabled: false }), { wrapper: providerOf(device.client) })
    await world.advance(3_000, 100)
    expect(result.current).toEqual({ status: 'idle', result: null })
    expect(world.requestsTo('POST', '/auth/v1/token')).toEqual([])
    device.client.dispose()
  })
})
