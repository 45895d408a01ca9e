import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import {
  APP_ORIGIN,
  type AuthPage,
  allConsents,
  authPage,
  callback,
  consent,
  reload,
  verifiedPhoneToken,
} from '../auth/auth-test-page.ts'
import { analyticsPage } from './analytics-test-page.ts'

const newcomer = { email: 'converted@coursekit.dev', password: 'converted-pass-1' }
const PHONE = '010-7777-8888'

/** The signup conversions the backend was sent, as `PUT track-conversion` bodies. */
const signupPuts = (h: AuthPage) =>
  h.world
    .requestsTo('PUT', '')
    .filter((request) => request.path.startsWith('/api/v2/analytics/track-conversion/'))
    .map((request) => request.body)

/** A page load of `url` in the browser of `h`, its visit started as the app's client does. */
async function pageLoad(h: AuthPage, url: string): Promise<AuthPage> {
  const next = reload(h, { url })
  next.client.analytics.start()
  return next
}

async function confirmationLanding(h: AuthPage): Promise<string> {
  const link = h.backend.mailbox.for(newcomer.email).at(-1)!.link
  const landing = await h.backend.fetch(link, { redirect: 'manual' })
  return landing.headers.get('location')!
}

describe('the signup conversion: once per account when its sign-up completes', () => {
  it('an e-mail sign-up counts when its link is confirmed; the link opened again (a reload) does not count it twice', async () => {
    const signUpPage = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/up` })
    signUpPage.client.analytics.start()
    await signUpPage.auth.signUp({ ...newcomer, consents: allConsents })
    await signUpPage.idle()
    expect(signupPuts(signUpPage)).toEqual([])

    const landing = await confirmationLanding(signUpPage)
    const confirmed = await pageLoad(signUpPage, landing)
    const signedUp: string[] = []
    confirmed.auth.events.on('signedUp', ({ provider }) => signedUp.push(provider))
    expect(await callback(confirmed, landing)).toMatchObject({ status: 'signed-in' })
    await confirmed.idle()
    expect(signedUp).toEqual(['EMAIL'])
    expect(signupPuts(confirmed)).toEqual([{ conversionType: 'signup' }])
    expect(confirmed.client.analytics.store.getState().conversions).toEqual(['signup'])

    const again = await pageLoad(confirmed, landing)
    await again.auth.start()
    expect(await callback(again, landing)).toMatchObject({ status: 'signed-in' })
    await again.idle()
    expect(signupPuts(again)).toEqual([{ conversionType: 'signup' }])
  })

  it('a Google or Kakao SIGNUP counts when its profile is completed, not at the callback nor on a later completion', async () => {
    const start = authPage(await createWorld(), { url: `${APP_ORIGIN}/sign/in` })
    start.client.analytics.start()
    const started = await start.auth.signInWithOAuth('KAKAO')
    if (started.status !== 'redirecting') throw new Error('did not start')
    const returned = await pageLoad(start, APP_ORIGIN)
    const location = await consent(returned, started.url, 'kakao.converted@coursekit.dev', '카카오 전환')
    expect(await callback(returned, location)).toMatchObject({ status: 'signed-in' })
    await returned.idle()
    expect(signupPuts(returned)).toEqual([])

    const completion = await pageLoad(returned, `${APP_ORIGIN}${returned.navigations.at(-1)!.to}`)
    await completion.auth.start()
    const fields = { name: '카카오 전환', nickname: '카전', phone: PHONE }
    const phoneVerificationToken = await verifiedPhoneToken(completion.backend, PHONE)
    expect(await completion.auth.completeProfile({ ...fields, phoneVerificationToken })).toMatchObject({
      status: 'completed',
      profile: { hasProfile: true, provider: 'KAKAO' },
    })
    await completion.idle()
    expect(signupPuts(completion)).toEqual([{ conversionType: 'signup' }])

    // Saved again (a retried save, the page open in another tab): the account has converted already.
    const other = await pageLoad(completion, `${APP_ORIGIN}/sign/complete/x/y`)
    await other.auth.start()
    await other.auth.completeProfile(fields)
    await other.idle()
    expect(signupPuts(other)).toEqual([{ conversionType: 'signup' }])
  })

  it('a password sign-in of an existing account is no sign-up', async () => {
    const h = authPage(await createWorld())
    h.client.analytics.start()
    await h.auth.signUp({ ...newcomer, consents: allConsents })
    const landing = await confirmationLanding(h)
    const confirmed = await pageLoad(h, landing)
    await callback(confirmed, landing)
    const later = await pageLoad(confirmed, `${APP_ORIGIN}/`)
    await later.auth.start()
    await later.auth.logout()
    await later.auth.signInWithPassword(newcomer.email, newcomer.password)
    await later.idle()
    expect(signupPuts(later)).toEqual([{ conversionType: 'signup' }])
  })
})

describe('visit analytics: trackSignup', () => {
  it('counts an account once in this browser, across page loads; another account still counts', async () => {
    const first = analyticsPage(await createWorld())
    first.analytics.start()
    expect(await first.analytics.trackSignup('account-1')).toBe('tracked')
    expect(await first.analytics.trackSignup('account-1')).toBe('duplicate')
    const second = first.reload()
    second.analytics.start()
    expect(await second.analytics.trackSignup('account-1')).toBe('duplicate')
    expect(await second.analytics.trackSignup('account-2')).toBe('tracked')
    const conversions = (h: typeof first) =>
      h.backend.context.visits.get(h.analytics.store.getState().visitId!)?.conversions.map((c) => c.type)
    expect([conversions(first), conversions(second)]).toEqual([['signup'], ['signup']])
  })

  it('a signup the server did not record may count on a later page load', async () => {
    const first = analyticsPage(await createWorld())
    first.backend.faults.add({ path: '/api/v2/analytics/track-conversion/*', kind: 'status', status: 503, count: 1 })
    first.analytics.start()
    expect(await first.analytics.trackSignup('account-1')).toBe('failed')
    const second = first.reload()
    second.analytics.start()
    expect(await second.analytics.trackSignup('account-1')).toBe('tracked')
  })

  it('keeps nothing when analytics are opted out', async () => {
    const h = analyticsPage(await createWorld(), { enabled: false })
    h.analytics.start()
    expect(await h.analytics.trackSignup('account-1')).toBe('disabled')
    expect(h.platform.storage.get('coursekit.signupConversions')).toBeNull()
  })
})
