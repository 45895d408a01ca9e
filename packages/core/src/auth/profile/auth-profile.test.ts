import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { APP_ORIGIN, type AuthPage, authPage, reload } from '../auth-test-page.ts'

const halfAdmin = { email: 'half.admin@coursekit.dev', password: 'half-admin-pass-1' }

async function worldWithHalfAdmin() {
  return createWorld({
    users: [
      {
        ...halfAdmin,
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
}

const navigatedTo = (h: AuthPage) => h.navigations.map((navigation) => navigation.to)

describe('profile', () => {
  it('an incomplete profile keeps the role USER, shows its percentage, and goes to the completion page', async () => {
    const h = authPage(await worldWithHalfAdmin())
    const result = await h.auth.signInWithPassword(halfAdmin.email, halfAdmin.password)
    const id = h.auth.store.getState().user!.id
    const completion = `/sign/complete/${id}/${encodeURIComponent(halfAdmin.email)}`
    expect(result).toMatchObject({
      status: 'signed-in',
      redirectTo: completion,
      profile: { role: 'ADMIN', hasProfile: false },
    })
    expect(h.auth.store.getState()).toMatchObject({ role: 'USER', profileCompletion: 33 })
    expect(h.auth.hasRole('ADMIN')).toBe(false)
    expect(JSON.parse(h.platform.cookieJar.get('user_role_info')!.value)).toMatchObject({
      role: 'USER',
      hasProfile: false,
    })
    expect(navigatedTo(h)).toEqual([completion])
    expect(h.authEvents.find((event) => event.type === 'profileIncomplete')?.payload).toEqual({
      userId: id,
      email: halfAdmin.email,
      completion: 33,
      redirectTo: completion,
    })
  })

  it('redirects at most 3 times in a browser session (sign-outs included); then the profile counts as complete and its role applies', async () => {
    let h = authPage(await worldWithHalfAdmin(), { url: `${APP_ORIGIN}/courses` })
    await h.auth.signInWithPassword(halfAdmin.email, halfAdmin.password)
    await h.auth.logout()
    h.platform.setLocation(`${APP_ORIGIN}/courses`)
    await h.auth.signInWithPassword(halfAdmin.email, halfAdmin.password)
    expect(navigatedTo(h).filter((to) => to.startsWith('/sign/complete/'))).toHaveLength(2)
    h = reload(h, { url: `${APP_ORIGIN}/courses` })
    await h.auth.start()
    expect(navigatedTo(h)).toEqual([expect.stringMatching(/^\/sign\/complete\//)])
    expect(h.platform.sessionStorage.get('profileRedirectCount')).toBe('3')
    h = reload(h, { url: `${APP_ORIGIN}/courses` })
    await h.auth.start()
    expect(h.navigations).toEqual([])
    expect(h.auth.store.getState()).toMatchObject({
      role: 'ADMIN',
      profile: { hasProfile: true },
      profileCompletion: 33,
    })
    expect(h.auth.hasRole(['ADMIN'])).toBe(true)
    expect(h.authEvents.map((event) => event.type)).not.toContain('profileIncomplete')
  })

  it('a failed profile fetch falls back to an incomplete USER profile, without sending anyone to the completion page', async () => {
    const h = authPage(await createWorld())
    await h.auth.start()
    h.backend.faults.add({ path: `/api/users/${demoAccounts.admin.id}`, kind: 'status', status: 500 })
    const result = await h.auth.signInWithPassword(demoAccounts.admin.email, DEMO_PASSWORD)
    expect(result).toMatchObject({ status: 'signed-in', redirectTo: null })
    expect(h.auth.store.getState()).toMatchObject({
      status: 'authenticated',
      role: 'USER',
      profileCompletion: 0,
      profile: {
        id: demoAccounts.admin.id,
        email: demoAccounts.admin.email,
        hasProfile: false,
        role: 'USER',
        name: null,
      },
    })
    expect(h.navigations).toEqual([])
    expect(h.notices).toEqual([])
  })

  it('refreshProfile reads it again; display name and providers update it', async () => {
    const h = authPage(await createWorld())
    await h.auth.signInWithPassword(demoAccounts.incomplete.email, DEMO_PASSWORD)
    expect(await h.auth.updateDisplayName('  새롬이  ')).toEqual({ status: 'ok' })
    expect(h.auth.store.getState().profile).toMatchObject({ nickname: '새롬이', hasProfile: false })
    expect(h.auth.store.getState().profileCompletion).toBe(67)
    expect(await h.auth.addOAuthProvider('KAKAO')).toEqual({ status: 'ok' })
    expect(h.auth.store.getState().profile?.oauthProviders).toEqual(['EMAIL', 'KAKAO'])
    const record = h.backend.context.users.platform.get(demoAccounts.incomplete.id)!
    record.phone = '010-5555-6666'
    expect(await h.auth.refreshProfile()).toMatchObject({ hasProfile: true, phone: '010-5555-6666' })
    expect(h.auth.store.getState()).toMatchObject({ profileCompletion: 100, role: 'USER' })
  })

  it('profile commands need a signed-in user', async () => {
    const h = authPage(await createWorld())
    expect(await h.auth.updateDisplayName('x')).toEqual({
      status: 'error',
      message: '로그인이 필요합니다.',
      code: 'LOGIN_REQUIRED',
    })
    expect(await h.auth.updateLastSignIn()).toMatchObject({ status: 'error', code: 'LOGIN_REQUIRED' })
    expect(await h.auth.refreshProfile()).toBeNull()
  })

  it('update-last-sign-in and activate', async () => {
    const h = authPage(await createWorld())
    await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    expect(await h.auth.updateLastSignIn()).toEqual({ status: 'ok' })
    // Activation is the signed-in owner's (decisions.md): the learner's own record, not another's.
    h.backend.context.users.platform.get(demoAccounts.learner.id)!.status = 0
    expect(await h.auth.activate(demoAccounts.learner.email, demoAccounts.learner.id)).toEqual({ status: 'ok' })
    expect(h.backend.context.users.platform.get(demoAccounts.learner.id)?.status).toBe(1)
    expect(await h.auth.activate(demoAccounts.inactive.email, demoAccounts.inactive.id)).toMatchObject({
      status: 'error',
      message: '다른 사용자의 정보에는 접근할 수 없습니다.',
    })
    expect(h.backend.context.users.platform.get(demoAccounts.inactive.id)?.status).toBe(0)
    expect((await h.auth.activate('nobody@coursekit.dev', 'nobody')).status).toBe('error')
  })

  it('knows whether the token is expiring (under 5 minutes left)', async () => {
    const h = authPage(await createWorld())
    expect(h.auth.isTokenExpiring()).toBe(true)
    await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    expect(h.auth.isTokenExpiring()).toBe(false)
  })

  it('forgets last-login info after 30 days', async () => {
    const h = authPage(await createWorld())
    await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    await h.auth.logout()
    expect(h.auth.lastLoginInfo()).toMatchObject({ method: 'EMAIL', email: demoAccounts.learner.email })
    h.clock.setTime(h.clock.now() + 30 * 24 * 3_600_000 + 1)
    expect(h.auth.lastLoginInfo()).toBeNull()
    expect(h.platform.storage.get('lastLoginInfo')).toBeNull()
  })
})
