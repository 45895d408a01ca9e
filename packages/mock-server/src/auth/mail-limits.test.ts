import { createHash } from 'node:crypto'
import { createSimulatedClock } from '@coursekit/core/testing'
import { describe, expect, it } from 'vitest'
import { createMockBackend } from '../backend.ts'
import { DEMO_PASSWORD, demoAccounts } from '../demo-accounts.ts'
import type { MockBackendOptions } from '../options.ts'
import { createTestClient, redirectTarget } from './test-client.ts'

const APP = 'http://localhost:5173/auth/callback'
const NEW_USER = { email: 'eager.learner@coursekit.dev', password: 'new-password-1' }
const learner = demoAccounts.learner.email

const tooSoon = (seconds: number) => ({
  name: 'AuthApiError',
  status: 429,
  code: 'over_email_send_rate_limit',
  message: `For security purposes, you can only request this after ${seconds} seconds.`,
})

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

async function setup(options: MockBackendOptions = {}) {
  const clock = createSimulatedClock()
  const backend = await createMockBackend({ clock, redirectAllowList: ['http://localhost:5173/**'], ...options })
  const supabase = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch })
  return { backend, supabase, clock }
}

describe('one mail of a kind per account per minute (GoTrue SMTP_MAX_FREQUENCY)', () => {
  it('resend of a confirmation within 60 s: 429 naming the whole seconds left, and no mail', async () => {
    const { backend, supabase, clock } = await setup()
    await supabase.auth.signUp(NEW_USER)
    expect((await supabase.auth.resend({ type: 'signup', email: NEW_USER.email })).error).toMatchObject(tooSoon(60))
    clock.tick(500)
    expect((await supabase.auth.resend({ type: 'signup', email: NEW_USER.email })).error).toMatchObject(tooSoon(59))
    clock.tick(59_000)
    expect((await supabase.auth.resend({ type: 'signup', email: NEW_USER.email })).error).toMatchObject(tooSoon(0))
    expect(backend.mailbox.for(NEW_USER.email)).toHaveLength(1)
    clock.tick(500)
    expect((await supabase.auth.resend({ type: 'signup', email: NEW_USER.email })).error).toBeNull()
    expect(backend.mailbox.for(NEW_USER.email)).toHaveLength(2)
  })

  it('a repeated sign-up of an unconfirmed address within 60 s: 429, and the first link still works', async () => {
    const { backend, supabase, clock } = await setup()
    await supabase.auth.signUp({ ...NEW_USER, options: { emailRedirectTo: APP } })
    clock.tick(30_000)
    const again = await supabase.auth.signUp({ ...NEW_USER, options: { emailRedirectTo: APP } })
    expect(again.error).toMatchObject(tooSoon(30))
    expect(backend.mailbox.for(NEW_USER.email)).toHaveLength(1)
    const link = backend.mailbox.for(NEW_USER.email)[0]?.link ?? ''
    expect((await redirectTarget(backend.fetch, link)).searchParams.get('code')).toEqual(expect.any(String))
  })

  it('recover within 60 s: 429; GoTrue made that flow anyway, so the first link now carries its code', async () => {
    const { backend, clock } = await setup()
    const recover = (verifier: string) =>
      backend.fetch(`${backend.url}/auth/v1/recover?redirect_to=${encodeURIComponent(APP)}`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: learner, code_challenge: challengeOf(verifier), code_challenge_method: 's256' }),
      })
    const [first, second] = ['a', 'b'].map((letter) => letter.repeat(43))
    expect((await recover(first!)).status).toBe(200)
    clock.tick(12_300)
    const refused = await recover(second!)
    expect(refused.status).toBe(429)
    expect((await refused.json()).msg).toBe(tooSoon(47).message)
    expect(backend.mailbox.for(learner)).toHaveLength(1)
    const target = await redirectTarget(backend.fetch, backend.mailbox.for(learner)[0]?.link ?? '')
    const exchange = (verifier: string) =>
      backend.fetch(`${backend.url}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ auth_code: target.searchParams.get('code'), code_verifier: verifier }),
      })
    expect((await exchange(first!)).status).toBe(400) // bad_code_verifier: the code is the newest flow's
    expect((await exchange(second!)).status).toBe(200)
  })

  it('supabase-js drops the verifier of a refused request, so in that browser the earlier link cannot be exchanged', async () => {
    const { backend, supabase, clock } = await setup()
    await supabase.auth.resetPasswordForEmail(learner, { redirectTo: APP })
    clock.tick(10_000)
    expect((await supabase.auth.resetPasswordForEmail(learner, { redirectTo: APP })).error).toMatchObject(tooSoon(50))
    const target = await redirectTarget(backend.fetch, backend.mailbox.for(learner)[0]?.link ?? '')
    const { error } = await supabase.auth.exchangeCodeForSession(target.searchParams.get('code') ?? '')
    expect(error?.name).toBe('AuthPKCECodeVerifierMissingError')
  })

  it('each kind has its own minute: a recovery right after a confirmation goes out', async () => {
    const { backend, supabase } = await setup()
    await supabase.auth.signUp(NEW_USER)
    expect((await supabase.auth.resetPasswordForEmail(NEW_USER.email)).error).toBeNull()
    expect(backend.mailbox.for(NEW_USER.email).map((mail) => mail.kind)).toEqual(['signup', 'recovery'])
  })

  it('an e-mail change within 60 s of the last: 429 and the whole update refused, metadata included', async () => {
    const { backend, supabase, clock } = await setup()
    await supabase.auth.signInWithPassword({ email: learner, password: DEMO_PASSWORD })
    expect((await supabase.auth.updateUser({ email: 'first.move@coursekit.dev' })).error).toBeNull()
    clock.tick(1000)
    const refused = await supabase.auth.updateUser({ email: 'second.move@coursekit.dev', data: { theme: 'dark' } })
    expect(refused.error).toMatchObject(tooSoon(59))
    expect(backend.mailbox.for('second.move@coursekit.dev')).toEqual([])
    const { data } = await supabase.auth.getUser()
    expect(data.user?.new_email).toBe('first.move@coursekit.dev')
    expect(data.user?.user_metadata.theme).toBeUndefined()
    const resent = await supabase.auth.resend({ type: 'email_change', email: learner })
    expect(resent.error).toMatchObject(tooSoon(59))
    clock.tick(59_000)
    expect((await supabase.auth.resend({ type: 'email_change', email: learner })).error).toBeNull()
    expect(backend.mailbox.for('first.move@coursekit.dev')).toHaveLength(2)
  })

  it('answers with GoTrue’s error body and headers, and no Retry-After (GoTrue sends none)', async () => {
    const { backend } = await setup()
    const recover = () =>
      backend.fetch(`${backend.url}/auth/v1/recover`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: learner }),
      })
    expect((await recover()).status).toBe(200)
    const response = await recover()
    expect(response.status).toBe(429)
    expect(response.headers.get('x-sb-error-code')).toBe('over_email_send_rate_limit')
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(response.headers.get('retry-after')).toBeNull()
    const message = 'For security purposes, you can only request this after 60 seconds.'
    expect(await response.json()).toEqual({
      code: 'over_email_send_rate_limit',
      error_code: 'over_email_send_rate_limit',
      msg: message,
      message,
    })
  })

  it('emailMaxFrequencyMs sets the interval, and 0 turns the limit off', async () => {
    const short = await setup({ emailMaxFrequencyMs: 10_000 })
    await short.supabase.auth.resetPasswordForEmail(learner)
    expect((await short.supabase.auth.resetPasswordForEmail(learner)).error).toMatchObject(tooSoon(10))
    short.clock.tick(10_000)
    expect((await short.supabase.auth.resetPasswordForEmail(learner)).error).toBeNull()

    const off = await setup({ emailMaxFrequencyMs: 0 })
    for (let i = 0; i < 3; i += 1) expect((await off.supabase.auth.resetPasswordForEmail(learner)).error).toBeNull()
    expect(off.backend.mailbox.for(learner)).toHaveLength(3)
  })

  it('POST /__dev/mailbox/backdate lets the minute and a flow’s five minutes pass for one address, clock unmoved', async () => {
    const { backend, supabase } = await setup()
    await supabase.auth.signUp({ ...NEW_USER, options: { emailRedirectTo: APP } })
    const backdate = (body: unknown) =>
      backend.fetch(`${backend.url}/__dev/mailbox/backdate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    expect((await backdate({ email: NEW_USER.email, ms: -1 })).status).toBe(400)
    expect((await backdate({ email: 'nobody@coursekit.dev', ms: 1000 })).status).toBe(404)
    const moved = await backdate({ email: NEW_USER.email, ms: 6 * 60_000 })
    expect(moved.status).toBe(200)
    expect(await moved.json()).toMatchObject({ email: NEW_USER.email, confirmationSentAt: expect.any(String) })
    // The first link's flow is now six minutes old: followed, its code is refused as expired.
    const link = backend.mailbox.for(NEW_USER.email)[0]?.link ?? ''
    const code = (await redirectTarget(backend.fetch, link)).searchParams.get('code') ?? ''
    expect((await supabase.auth.exchangeCodeForSession(code)).error).toMatchObject({ code: 'flow_state_expired' })
    // A minute moved back, and a second mail of the kind goes out at once.
    expect((await supabase.auth.resetPasswordForEmail(NEW_USER.email)).error).toBeNull()
    expect((await supabase.auth.resetPasswordForEmail(NEW_USER.email)).error).toMatchObject(tooSoon(60))
    await backdate({ email: NEW_USER.email, ms: 60_000 })
    expect((await supabase.auth.resetPasswordForEmail(NEW_USER.email)).error).toBeNull()
  })

  it('refuses a bad emailMaxFrequencyMs', async () => {
    await expect(createMockBackend({ emailMaxFrequencyMs: -1 })).rejects.toThrow(/emailMaxFrequencyMs/)
    await expect(createMockBackend({ emailMaxFrequencyMs: 1.5 })).rejects.toThrow(/emailMaxFrequencyMs/)
  })
})
