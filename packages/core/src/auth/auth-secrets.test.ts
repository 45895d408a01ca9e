import { DEMO_PASSWORD, demoAccounts, LEGACY_PASSWORD, legacyAccount } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { expect, it } from 'vitest'
import type { AuthState } from './auth-store-state.ts'
import { APP_ORIGIN, allConsents, authPage, HOUR, MINUTE } from './auth-test-page.ts'

it('no token, refresh token or password reaches an event, a notice, a result or the state (beyond state.token)', async () => {
  const accessTokens = new Set<string>()
  const refreshTokens = new Set<string>()
  const collect = (fields: { access_token?: unknown; refresh_token?: unknown }) => {
    if (typeof fields.access_token === 'string') accessTokens.add(fields.access_token)
    if (typeof fields.refresh_token === 'string') refreshTokens.add(fields.refresh_token)
  }
  const h = authPage(await createWorld(), {
    url: `${APP_ORIGIN}/courses`,
    wrapFetch: (fetch) => async (input, init) => {
      const answer = await fetch(input, init)
      if (new URL(new Request(input, init).url).pathname === '/auth/v1/token' && answer.ok)
        collect(await answer.clone().json())
      return answer
    },
  })
  // A '!' never occurs in a token, a UUID or base64url, so the short password cannot turn up by chance.
  const passwords = [DEMO_PASSWORD, LEGACY_PASSWORD, 'wrong-secret-pass-9', 'brand-new-secret-7', 'w!9']
  const emitted: unknown[] = []
  const states: AuthState[] = []
  h.client.events.on('*', (type, payload) => emitted.push({ type, payload }))
  h.auth.events.on('*', (type, payload) => emitted.push({ type, payload }))
  h.auth.store.subscribe((state) => states.push(state))
  const results: unknown[] = []
  const run = async (result: Promise<unknown>) => results.push(await result)

  await run(h.auth.signInWithPassword(demoAccounts.learner.email, 'wrong-secret-pass-9'))
  await run(h.auth.signInWithPassword(demoAccounts.inactive.email, DEMO_PASSWORD))
  await run(h.auth.signInWithPassword(legacyAccount.email, LEGACY_PASSWORD))
  await run(h.auth.signUp({ consents: allConsents, email: 'weak@coursekit.dev', password: 'w!9' }))
  await run(h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD))
  await h.advance(2 * HOUR)
  h.clock.setTime(h.clock.now() + 2 * HOUR)
  await run(h.client.api.currentUser().then((answer) => ({ error: answer.error, code: answer.code })))
  await run(h.auth.updatePassword('brand-new-secret-7'))
  await run(h.auth.logout())

  const started = await h.auth.signInWithOAuth('KAKAO')
  results.push(started)
  const consent = new URL((started as { url: string }).url)
  consent.pathname += '/consent'
  consent.searchParams.set('email', 'kakao.secret@coursekit.dev')
  h.platform.setLocation((await h.backend.fetch(consent, { redirect: 'manual' })).headers.get('location')!)
  const callback = h.auth.handleOAuthCallback()
  await h.advance(3_000, 100)
  results.push(await callback)
  h.backend.context.authSessions.signOut(h.auth.store.getState().user!.id, null, 'global')
  await h.advance(60 * MINUTE)

  expect(accessTokens.size).toBeGreaterThan(3)
  expect(refreshTokens.size).toBeGreaterThan(3)
  expect(emitted.length).toBeGreaterThan(20)
  expect(states.some((state) => state.token !== null)).toBe(true)
  const secrets = [...accessTokens, ...refreshTokens, ...passwords]
  const published = JSON.stringify({ emitted, results, states: states.map((state) => ({ ...state, token: null })) })
  for (const secret of secrets) expect(published.includes(secret), 'a secret was published').toBe(false)
  for (const state of states) {
    if (state.token !== null) expect(accessTokens.has(state.token)).toBe(true)
  }
})
