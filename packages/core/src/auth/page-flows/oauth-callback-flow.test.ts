import { demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { APP_ORIGIN, authPage, consent } from '../auth-test-page.ts'
import { createOAuthCallbackFlow } from './oauth-callback-flow.ts'
import { watch } from './page-flow-test-steps.ts'

describe('the OAuth callback flow', () => {
  it('handles the callback once however often it is run, and tells the outcome', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/courses/101` })
    const started = await h.auth.signInWithOAuth('GOOGLE')
    if (started.status !== 'redirecting') throw new Error('OAuth did not start')
    h.platform.setLocation(await consent(h, started.url, demoAccounts.google.email))
    const flow = createOAuthCallbackFlow(h.auth)
    expect(flow.getSnapshot()).toEqual({ status: 'idle', result: null })
    const { seen } = watch(flow)
    const first = flow.run()
    const second = flow.run()
    expect(second).toBe(first)
    expect(flow.getSnapshot()).toEqual({ status: 'pending', result: null })
    await h.advance(3_000, 100)
    expect(await first).toMatchObject({ status: 'signed-in', redirectTo: '/courses/101' })
    expect(flow.getSnapshot()).toMatchObject({ status: 'signed-in', result: { user: { id: demoAccounts.google.id } } })
    expect(seen.map((snapshot) => snapshot.status)).toEqual(['pending', 'signed-in'])
    expect(h.requests.filter((request) => request === 'POST /api/v2/oauth/process')).toHaveLength(1)
  })

  it('a callback without a code is an error, and the core sends the person back to sign-in', async () => {
    const h = authPage(await createWorld(), { url: `${APP_ORIGIN}/auth/callback?error=access_denied` })
    const flow = createOAuthCallbackFlow(h.auth)
    void flow.run()
    await h.advance(3_000, 100)
    expect(flow.getSnapshot()).toMatchObject({ status: 'error', result: { message: 'OAuth 인증 처리 중 오류 발생' } })
    expect(h.navigations).toEqual([{ to: '/sign/in', replace: true, delayMs: 0 }])
  })
})
