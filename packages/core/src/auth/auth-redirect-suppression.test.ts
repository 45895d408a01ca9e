import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { suppressesAuthRedirect } from '../kernel/routes.ts'
import { APP_ORIGIN, type AuthPage, authPage, MINUTE } from './auth-test-page.ts'

/** Pages whose path contains /sign/complete/ without starting with it (spec section 2: "any path containing"). */
const CONTAINING = ['/ko/sign/complete/u1/a%40b.test', '/app/sign/complete/', '/x/y/sign/complete/u/e?step=2']
/** Pages that only look alike: no /sign/complete/ in them. */
const NOT_CONTAINING = ['/sign/complete', '/ko/sign/completed/u1', '/sign/complete-profile/u1', '/sign/in']

describe('auth-failure redirects are suppressed on any path containing /sign/complete/ (spec section 2)', () => {
  it('the rule: contains, not starts with', () => {
    for (const path of ['/sign/complete/u1/a%40b.test', ...CONTAINING]) {
      expect([path, suppressesAuthRedirect(new URL(path, APP_ORIGIN).pathname)]).toEqual([path, true])
    }
    for (const path of NOT_CONTAINING) expect([path, suppressesAuthRedirect(path)]).toEqual([path, false])
  })

  it('an API 401 while nobody is signed in does not go to /sign/in from there', async () => {
    const navigationsOn = async (page: string) => {
      const h = authPage(await createWorld(), { url: `${APP_ORIGIN}${page}` })
      await h.auth.start()
      expect((await h.client.api.get('/api/v2/session-tracker/sessions')).status).toBe(401)
      return h.navigations.map((navigation) => navigation.to)
    }
    for (const page of CONTAINING) expect([page, await navigationsOn(page)]).toEqual([page, []])
    expect(await navigationsOn('/ko/sign/completed/u1')).toEqual(['/sign/in?redirect=%2Fko%2Fsign%2Fcompleted%2Fu1'])
  })

  it('a failed refresh signs out there without moving the page', async () => {
    const h = await signedIn(CONTAINING[0]!, demoAccounts.learner.email)
    h.backend.context.authSessions.signOut(demoAccounts.learner.id, null, 'global')
    await h.advance(50 * MINUTE)
    expect(h.auth.store.getState().status).toBe('unauthenticated')
    expect(h.navigations).toEqual([])
  })

  it('signing in with an incomplete profile there is not sent to the completion page again, nor counted', async () => {
    const h = await signedIn(CONTAINING[0]!, demoAccounts.incomplete.email)
    expect(h.auth.store.getState().profile?.hasProfile).toBe(false)
    expect(h.navigations).toEqual([])
    expect(h.platform.sessionStorage.get('profileRedirectCount')).toBeNull()
  })
})

async function signedIn(page: string, email: string): Promise<AuthPage> {
  const h = authPage(await createWorld(), { url: `${APP_ORIGIN}${page}` })
  await h.auth.start()
  expect((await h.auth.signInWithPassword(email, DEMO_PASSWORD)).status).toBe('signed-in')
  return h
}
