import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { APP_ORIGIN, authPage } from '../auth-test-page.ts'

const { incomplete } = demoAccounts
const completionPath = `/sign/complete/${incomplete.id}/${encodeURIComponent(incomplete.email)}`

/** requireCompleteProfile(): the completion redirect a gated page asks for when the user enters it. */
describe('requireCompleteProfile', () => {
  it('sends an incomplete profile to the completion page on each gated page, 3 times in all; then it counts as complete', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/courses` })
    await h.auth.signInWithPassword(incomplete.email, DEMO_PASSWORD)
    expect(h.navigations).toEqual([{ to: completionPath, replace: false, delayMs: 0 }])

    h.platform.setLocation(`${APP_ORIGIN}/lessons`)
    expect(h.auth.requireCompleteProfile()).toBe(completionPath)
    expect(h.navigations.at(-1)).toEqual({ to: completionPath, replace: true, delayMs: 0 })
    h.platform.setLocation(`${APP_ORIGIN}${completionPath}`)
    expect(h.auth.requireCompleteProfile()).toBeNull()
    h.platform.setLocation(`${APP_ORIGIN}/lessons`)
    expect(h.auth.requireCompleteProfile()).toBe(completionPath)
    expect(h.platform.sessionStorage.get('profileRedirectCount')).toBe('3')
    expect(h.auth.store.getState().profile?.hasProfile).toBe(false)

    expect(h.auth.requireCompleteProfile()).toBeNull()
    expect(h.navigations).toHaveLength(3)
    expect(h.auth.store.getState()).toMatchObject({ profile: { hasProfile: true }, role: 'USER' })
  })

  it('does nothing for a complete profile, for nobody signed in, and for a profile that could not be read', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/courses` })
    expect(h.auth.requireCompleteProfile()).toBeNull()
    await h.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    expect(h.auth.requireCompleteProfile()).toBeNull()
    await h.auth.logout()

    h.backend.faults.add({ path: `/api/users/${incomplete.id}`, kind: 'status', status: 500 })
    await h.auth.signInWithPassword(incomplete.email, DEMO_PASSWORD)
    expect(h.auth.store.getState().profile?.hasProfile).toBe(false)
    expect(h.auth.requireCompleteProfile()).toBeNull()
    expect(h.navigations.filter((navigation) => navigation.to.startsWith('/sign/complete/'))).toEqual([])
  })

  it('leaves the decision to a sign-in that is still committing its session (one redirect, counted once)', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/courses` })
    await h.auth.start()
    h.backend.faults.add({ path: '/api/v2/auth/update-last-sign-in', kind: 'latency', latencyMs: 1_000 })
    const signingIn = h.auth.signInWithPassword(incomplete.email, DEMO_PASSWORD)
    for (let step = 0; step < 50 && h.auth.store.getState().profile === null; step++) await h.clock.tickAsync(10)
    expect(h.auth.store.getState().profile?.hasProfile).toBe(false)
    expect(h.auth.requireCompleteProfile()).toBeNull()
    await h.clock.tickAsync(1_000)
    await signingIn
    expect(h.navigations.map((navigation) => navigation.to)).toEqual([completionPath])
    expect(h.platform.sessionStorage.get('profileRedirectCount')).toBe('1')
  })
})
