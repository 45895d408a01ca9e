import { DEMO_PASSWORD, demoAccounts, LEGACY_PASSWORD, legacyAccount } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { createEmitter } from '../../kernel/emitter.ts'
import { createMemoryStorage } from '../../platform/memory-storage.ts'
import { createSimulatedClock } from '../../testing/simulated-clock.ts'
import type { AuthEvents } from '../auth-events.ts'
import type { AuthUser } from '../auth-store-state.ts'
import { APP_ORIGIN, type AuthPage, authPage, callback, consent, HOUR, reload } from '../auth-test-page.ts'
import { createAccountLink } from './account-link.ts'

/** Kakao for `email` from /sign/in, through the consent page to the callback's outcome. */
async function kakaoSignIn(h: AuthPage, email: string) {
  h.platform.setLocation(`${APP_ORIGIN}/sign/in`)
  const started = await h.auth.signInWithOAuth('KAKAO')
  if (started.status !== 'redirecting') throw new Error('Kakao did not start')
  return callback(h, await consent(h, started.url, email, '옛회원'))
}

const linkPatches = (h: AuthPage) => h.requests.filter((request) => request.endsWith('/oauth-providers'))

describe('linking a provider after ACCOUNT_CONFLICT (로그인 후 계정 연결하기)', () => {
  it('a legacy account: Kakao refused, the old password moves the account over, its confirmation links Kakao, and Kakao then signs in to it', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/in` })
    await h.auth.start()
    const refused = await kakaoSignIn(h, legacyAccount.email)
    if (refused.status !== 'account-conflict') throw new Error(`not a conflict: ${refused.status}`)
    expect(refused.options).toContain('LINK_ACCOUNTS')

    expect(h.auth.linkAccountAfterSignIn({ email: refused.conflict!.email, provider: 'KAKAO' })).toBe('/sign/in')
    expect(h.navigations.at(-1)).toEqual({ to: '/sign/in', replace: false, delayMs: 0 })
    // The existing account: the old platform's password, then its e-mail confirmed (another tab).
    const moved = await h.auth.signInWithPassword(legacyAccount.email, LEGACY_PASSWORD)
    expect(moved.status).toBe('verification-required')
    const link = h.backend.mailbox.for(legacyAccount.email).at(-1)!.link
    const landing = (await h.backend.fetch(link, { redirect: 'manual' })).headers.get('location')!
    const confirming = reload(h, { url: landing })
    await confirming.auth.start()
    expect(await callback(confirming, landing)).toMatchObject({ status: 'signed-in' })
    await confirming.idle()
    const userId = confirming.auth.store.getState().user!.id
    expect(linkPatches(confirming)).toEqual([`PATCH /api/v2/users/${userId}/oauth-providers`])
    expect(confirming.backend.context.users.platform.get(userId)?.oauthProviders).toEqual(['EMAIL', 'KAKAO'])
    expect(confirming.notices).toContainEqual({
      kind: 'success',
      message: '카카오 계정이 연결되었습니다. 다음부터 카카오로도 로그인할 수 있습니다.',
    })
    expect(confirming.platform.storage.get('coursekit.accountLinkPending')).toBeNull()

    await confirming.auth.logout()
    expect(await kakaoSignIn(confirming, legacyAccount.email)).toMatchObject({
      status: 'signed-in',
      user: { id: userId },
    })
    expect(confirming.auth.store.getState().accountLinkStatus).toMatchObject({ action: 'LINKED' })
  })

  it('the sign-in of another address, or one after an hour, links nothing', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/in` })
    await h.auth.start()
    h.auth.linkAccountAfterSignIn({ email: 'someone.else@coursekit.dev', provider: 'GOOGLE' })
    await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    await h.idle()
    expect(linkPatches(h)).toEqual([])
    expect(h.platform.storage.get('coursekit.accountLinkPending')).toBeNull()

    await h.auth.logout()
    h.auth.linkAccountAfterSignIn({ email: demoAccounts.learner.email, provider: 'GOOGLE' })
    h.clock.setTime(h.clock.now() + HOUR)
    await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    await h.idle()
    expect(linkPatches(h)).toEqual([])
  })

  it('a link the server refuses says so', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/in` })
    await h.auth.start()
    h.backend.faults.add({
      path: `/api/v2/users/${demoAccounts.learner.id}/oauth-providers`,
      kind: 'status',
      status: 500,
    })
    h.auth.linkAccountAfterSignIn({ email: demoAccounts.learner.email, provider: 'KAKAO' })
    await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    await h.idle()
    expect(h.notices).toContainEqual({ kind: 'error', message: '계정을 연결하지 못했습니다. 다시 시도해주세요.' })
  })
})

describe('createAccountLink', () => {
  const user = (email: string) => ({ email }) as AuthUser

  it("hands a sign-in to the link's completion only while a link waits, and never a restored session", () => {
    const storage = createMemoryStorage()
    const events = createEmitter<AuthEvents>()
    const completed: string[] = []
    const navigations: string[] = []
    const link = createAccountLink({
      storage,
      clock: createSimulatedClock(),
      events,
      completeAfterSignIn: (email) => completed.push(email),
      navigate: (to) => navigations.push(to),
    })
    events.emit('signedIn', { user: user('learner@coursekit.dev'), method: 'EMAIL', restored: false })
    expect(completed).toEqual([])

    expect(link.linkAfterSignIn({ email: ' Learner@CourseKit.dev ', provider: 'KAKAO' })).toBe('/sign/in')
    expect(navigations).toEqual(['/sign/in'])
    expect(JSON.parse(storage.get('coursekit.accountLinkPending')!)).toMatchObject({
      email: 'learner@coursekit.dev',
      provider: 'KAKAO',
    })
    events.emit('signedIn', { user: user('learner@coursekit.dev'), method: 'EMAIL', restored: true })
    expect(completed).toEqual([])
    events.emit('signedIn', { user: user('learner@coursekit.dev'), method: 'EMAIL', restored: false })
    expect(completed).toEqual(['learner@coursekit.dev'])

    link.dispose()
    events.emit('signedIn', { user: user('learner@coursekit.dev'), method: 'EMAIL', restored: false })
    expect(completed).toHaveLength(1)
  })
})
