import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { APP_ORIGIN } from '@coursekit/testkit'
import { createWorld, providerOf, started } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAuth } from './use-auth.ts'
import { useAuthGate } from './use-auth-gate.ts'
import { useProfile } from './use-profile.ts'
import { useRoleGate } from './use-role-gate.ts'

const { learner, admin, incomplete } = demoAccounts

describe('useAuth', () => {
  it('follows the auth state: loading, then signed in; a selector picks a slice', async () => {
    const world = await createWorld()
    const device = world.device()
    const { result } = renderHook(() => ({ whole: useAuth(), email: useAuth((state) => state.user?.email ?? null) }), {
      wrapper: providerOf(device.client),
    })
    expect(result.current.whole.status).toBe('loading')
    await started(device.client)
    expect(result.current.whole.status).toBe('unauthenticated')
    await device.signIn(learner.email, learner.password)
    expect(result.current.whole).toMatchObject({ status: 'authenticated', role: 'USER', user: { id: learner.id } })
    expect(result.current.email).toBe(learner.email)
    device.client.dispose()
  })

  it('says what is missing when the client has no auth service', async () => {
    const world = await createWorld()
    const device = world.device({ client: { supabaseUrl: undefined, supabaseAnonKey: undefined } })
    expect(device.client.auth).toBeNull()
    expect(() => renderHook(() => useAuth(), { wrapper: providerOf(device.client) })).toThrow(/supabaseUrl/)
    device.client.dispose()
  })
})

describe('useProfile', () => {
  it('the profile with its completion; updating the display name re-renders it', async () => {
    const world = await createWorld()
    const device = world.device({ url: `${APP_ORIGIN}/sign/complete/x/y` })
    const { result } = renderHook(() => useProfile(), { wrapper: providerOf(device.client) })
    expect(result.current).toMatchObject({ status: 'loading', profile: null, completion: 0, hasProfile: false })
    await device.signIn(incomplete.email, incomplete.password)
    expect(result.current).toMatchObject({
      status: 'authenticated',
      completion: 33,
      hasProfile: false,
      profile: { id: incomplete.id, name: '이새롬', nickname: null },
    })
    await act(async () => {
      expect(await result.current.updateDisplayName('새롬')).toEqual({ status: 'ok' })
    })
    expect(result.current).toMatchObject({ completion: 67, profile: { nickname: '새롬' } })
    device.client.dispose()
  })
})

describe('useAuthGate', () => {
  it('sends a signed-out visitor to /sign/in once (StrictMode included), only after the session is known', async () => {
    const world = await createWorld()
    // With a router (manual navigation) the page does not move by itself: only the hook's guard keeps it to one.
    const device = world.device({ url: `${APP_ORIGIN}/my/courses`, client: { navigation: 'manual' } })
    const { result } = renderHook(() => useAuthGate(), { wrapper: providerOf(device.client), reactStrictMode: true })
    expect(result.current).toMatchObject({ status: 'loading', isLoading: true, isAuthenticated: false })
    expect(device.navigations).toEqual([])
    await started(device.client)
    expect(result.current).toMatchObject({ status: 'unauthenticated', isLoading: false })
    expect(device.navigations).toEqual([{ to: '/sign/in', replace: true, delayMs: 0 }])
    expect(device.platform.navigations).toEqual([])
    device.client.dispose()
  })

  it('mounted when the visitor is already known to be signed out: one redirect under StrictMode', async () => {
    const world = await createWorld()
    const device = world.device({ url: `${APP_ORIGIN}/my/courses`, client: { navigation: 'manual' } })
    await started(device.client)
    renderHook(() => useAuthGate(), { wrapper: providerOf(device.client), reactStrictMode: true })
    expect(device.navigations).toEqual([{ to: '/sign/in', replace: true, delayMs: 0 }])
    device.client.dispose()
  })

  it('lets a signed-in user stay; redirectTo: null never moves', async () => {
    const world = await createWorld()
    const device = world.device()
    const { result } = renderHook(() => useAuthGate({ redirectTo: null }), { wrapper: providerOf(device.client) })
    await started(device.client)
    expect(result.current.status).toBe('unauthenticated')
    await device.signIn(learner.email, learner.password)
    expect(result.current).toMatchObject({ status: 'authenticated', isAuthenticated: true, user: { id: learner.id } })
    expect(device.navigations).toEqual([])
    device.client.dispose()
  })
})

describe('useRoleGate', () => {
  it('an admin is allowed (one role or a list)', async () => {
    const world = await createWorld()
    const device = world.device()
    await device.signIn(admin.email, DEMO_PASSWORD)
    const { result } = renderHook(() => ({ one: useRoleGate('ADMIN'), list: useRoleGate(['MENTOR', 'ADMIN']) }), {
      wrapper: providerOf(device.client),
    })
    expect(result.current.one).toEqual({ status: 'allowed', role: 'ADMIN', allowed: true })
    expect(result.current.list.allowed).toBe(true)
    expect(device.navigations).toEqual([])
    device.client.dispose()
  })

  it('a learner is forbidden and sent home; a signed-out visitor is sent to sign-in', async () => {
    const world = await createWorld()
    const device = world.device({ url: `${APP_ORIGIN}/admin`, client: { navigation: 'manual' } })
    const { result } = renderHook(() => useRoleGate('ADMIN'), {
      wrapper: providerOf(device.client),
      reactStrictMode: true,
    })
    await started(device.client)
    expect(result.current.status).toBe('unauthenticated')
    await device.signIn(learner.email, learner.password)
    expect(result.current).toEqual({ status: 'forbidden', role: 'USER', allowed: false })
    expect(device.navigations.map((navigation) => navigation.to)).toEqual(['/sign/in', '/'])
    device.client.dispose()
  })

  it('an incomplete profile has the role USER (spec section 6), whatever the record says', async () => {
    const world = await createWorld({
      users: [
        {
          email: 'half.admin@coursekit.dev',
          password: 'half-admin-pass-1',
          profile: {
            role: 'ADMIN',
            name: '반관리자',
            nickname: null,
            phone: null,
            provider: 'EMAIL',
            oauthProviders: ['EMAIL'],
          },
        },
      ],
    })
    const device = world.device({ url: `${APP_ORIGIN}/admin` })
    await device.signIn('half.admin@coursekit.dev', 'half-admin-pass-1')
    const { result } = renderHook(() => useRoleGate('ADMIN', { redirectTo: null }), {
      wrapper: providerOf(device.client),
    })
    expect(result.current).toEqual({ status: 'forbidden', role: 'USER', allowed: false })
    // Only the core's own completion redirect of the sign-in: the gate stayed.
    expect(device.navigations.map((navigation) => navigation.to)).toEqual([
      expect.stringMatching(/^\/sign\/complete\//),
    ])
    device.client.dispose()
  })
})
