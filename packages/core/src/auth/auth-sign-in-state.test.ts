import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import type { AuthState } from './auth-store-state.ts'
import { APP_ORIGIN, type AuthPage, authPage, reload } from './auth-test-page.ts'

const { learner, incomplete, google } = demoAccounts

/** Every snapshot the store hands its subscribers from now on. */
function snapshots(h: AuthPage): AuthState[] {
  const seen: AuthState[] = []
  h.auth.store.subscribe((state) => {
    seen.push(state)
  })
  return seen
}

/**
 * A sign-in is one step for a subscriber: the snapshot that first says `authenticated` already
 * carries that user's profile, role and completion, and no snapshot after it changes them.
 */
function expectSignedInInOneStep(seen: readonly AuthState[], userId: string): void {
  const signedIn = seen.filter((state) => state.status === 'authenticated')
  expect(signedIn.length).toBeGreaterThan(0)
  const facts = (state: AuthState) => ({
    userId: state.user?.id,
    profile: state.profile,
    role: state.role,
    profileCompletion: state.profileCompletion,
  })
  expect(facts(signedIn[0]!)).toMatchObject({ userId, profile: { id: userId }, role: expect.any(String) })
  for (const state of signedIn) expect(facts(state)).toEqual(facts(signedIn[0]!))
}

describe('a sign-in reaches subscribers as one change', () => {
  it('password sign-in', async () => {
    const h = authPage(await createWorld())
    await h.auth.start()
    const seen = snapshots(h)
    expect((await h.auth.signInWithPassword(learner.email, DEMO_PASSWORD)).status).toBe('signed-in')
    expectSignedInInOneStep(seen, learner.id)
  })

  it('password sign-in with an incomplete profile', async () => {
    const h = authPage(await createWorld())
    await h.auth.start()
    const seen = snapshots(h)
    expect((await h.auth.signInWithPassword(incomplete.email, DEMO_PASSWORD)).status).toBe('signed-in')
    expectSignedInInOneStep(seen, incomplete.id)
  })

  it('OAuth callback', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/courses/101` })
    const started = await h.auth.signInWithOAuth('GOOGLE', { redirect: false })
    if (started.status !== 'redirecting') throw new Error('the OAuth start failed')
    const consent = new URL(started.url)
    consent.pathname += '/consent'
    consent.searchParams.set('email', google.email)
    const answer = await h.backend.fetch(consent, { redirect: 'manual' })
    h.platform.setLocation(answer.headers.get('location')!)
    const seen = snapshots(h)
    const pending = h.auth.handleOAuthCallback()
    await h.advance(3_000, 100)
    expect((await pending).status).toBe('signed-in')
    expectSignedInInOneStep(seen, google.id)
  })

  it('restore at start-up', async () => {
    const first = authPage(await createWorld())
    await first.auth.start()
    await first.auth.signInWithPassword(learner.email, DEMO_PASSWORD)
    const h = reload(first)
    const seen = snapshots(h)
    await h.auth.start()
    expect(h.auth.store.getState().status).toBe('authenticated')
    expectSignedInInOneStep(seen, learner.id)
  })
})
