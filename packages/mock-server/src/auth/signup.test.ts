import { createSimulatedClock } from '@coursekit/core/testing'
import { describe, expect, it } from 'vitest'
import { createMockBackend } from '../backend.ts'
import { DEMO_PASSWORD, demoAccounts } from '../demo-accounts.ts'
import type { MockBackendOptions } from '../options.ts'
import { createTestClient, fragmentParams, redirectTarget } from './test-client.ts'

const APP = 'http://localhost:5173/auth/callback'
const NEW_USER = { email: 'new.learner@coursekit.dev', password: 'new-password-1' }

async function setup(flowType: 'pkce' | 'implicit' = 'pkce', options: MockBackendOptions = {}) {
  const clock = createSimulatedClock()
  const backend = await createMockBackend({ clock, redirectAllowList: ['http://localhost:5173/**'], ...options })
  const supabase = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch, flowType })
  return { backend, supabase, clock }
}

describe('signUp', () => {
  it('creates an unconfirmed user, mails a PKCE link, and the link gives a code that exchanges for a session', async () => {
    const { backend, supabase } = await setup()
    const { data, error } = await supabase.auth.signUp({
      ...NEW_USER,
      options: { emailRedirectTo: APP, data: { name: '새학습자' } },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user).toMatchObject({ email: NEW_USER.email, user_metadata: { name: '새학습자' } })
    expect(data.user?.email_confirmed_at).toBeUndefined()
    expect(data.user?.confirmation_sent_at).toEqual(expect.any(String))
    expect(backend.context.users.platform.size).toBe(Object.keys(demoAccounts).length)

    const [mail] = backend.mailbox.for(NEW_USER.email)
    expect(mail).toMatchObject({ kind: 'signup', to: NEW_USER.email })
    expect(mail?.link).toMatch(new RegExp(`^${backend.url}/auth/v1/verify\\?token=pkce_`))
    expect(new URL(mail?.link ?? '').searchParams.get('redirect_to')).toBe(APP)

    const target = await redirectTarget(backend.fetch, mail?.link ?? '')
    expect(`${target.origin}${target.pathname}`).toBe(APP)
    const code = target.searchParams.get('code')
    expect(code).toEqual(expect.any(String))

    const exchanged = await supabase.auth.exchangeCodeForSession(code ?? '')
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user?.email_confirmed_at).toEqual(expect.any(String))
    expect(exchanged.data.session?.access_token).toEqual(expect.any(String))
    const user = backend.context.users.authByEmail(NEW_USER.email)
    expect(user?.lastSignInAt).toEqual(expect.any(Number))

    await supabase.auth.signOut()
    const signIn = await supabase.auth.signInWithPassword(NEW_USER)
    expect(signIn.error).toBeNull()
  })

  it('in the implicit flow, the link redirects with the session in the fragment', async () => {
    const { backend, supabase } = await setup('implicit')
    await supabase.auth.signUp({ ...NEW_USER, options: { emailRedirectTo: APP } })
    const [mail] = backend.mailbox.for(NEW_USER.email)
    expect(mail?.token.startsWith('pkce_')).toBe(false)

    const target = await redirectTarget(backend.fetch, mail?.link ?? '')
    const params = fragmentParams(target)
    expect(params.get('type')).toBe('signup')
    expect(params.get('token_type')).toBe('bearer')
    expect(Number(params.get('expires_in'))).toBe(3600)
    expect(Number(params.get('expires_at'))).toBeGreaterThan(0)

    const { data, error } = await supabase.auth.setSession({
      access_token: params.get('access_token') ?? '',
      refresh_token: params.get('refresh_token') ?? '',
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(NEW_USER.email)
  })

  it('a used or unknown link redirects with otp_expired', async () => {
    const { backend, supabase } = await setup('implicit')
    await supabase.auth.signUp({ ...NEW_USER, options: { emailRedirectTo: APP } })
    const link = backend.mailbox.for(NEW_USER.email)[0]?.link ?? ''
    await redirectTarget(backend.fetch, link)
    const again = fragmentParams(await redirectTarget(backend.fetch, link))
    expect(again.get('error')).toBe('access_denied')
    expect(again.get('error_code')).toBe('otp_expired')
    expect(again.get('error_description')).toBe('Email link is invalid or has expired')
    expect(again.get('access_token')).toBeNull()
  })

  it('resend mails a fresh link and retires the old one', async () => {
    const { backend, supabase, clock } = await setup('implicit')
    await supabase.auth.signUp({ ...NEW_USER, options: { emailRedirectTo: APP } })
    clock.tick(60_000) // past the one-mail-a-minute limit (see mail-limits.test.ts)
    const { error } = await supabase.auth.resend({
      type: 'signup',
      email: NEW_USER.email,
      options: { emailRedirectTo: APP },
    })
    expect(error).toBeNull()
    const [first, second] = backend.mailbox.for(NEW_USER.email)
    expect(second?.kind).toBe('signup')
    expect(fragmentParams(await redirectTarget(backend.fetch, first?.link ?? '')).get('error_code')).toBe('otp_expired')
    expect(fragmentParams(await redirectTarget(backend.fetch, second?.link ?? '')).get('access_token')).toBeTruthy()
  })

  it('resend for an unknown or confirmed address answers 200 and sends nothing', async () => {
    const { backend, supabase } = await setup()
    for (const email of ['nobody@coursekit.dev', demoAccounts.learner.email]) {
      const { error } = await supabase.auth.resend({ type: 'signup', email })
      expect(error).toBeNull()
      expect(backend.mailbox.for(email)).toEqual([])
    }
  })

  it('verifyOtp accepts the mailed token with its address, or the token as token_hash', async () => {
    const { backend, supabase } = await setup()
    await supabase.auth.signUp(NEW_USER)
    const token = backend.mailbox.for(NEW_USER.email)[0]?.token ?? ''
    const wrongAddress = await supabase.auth.verifyOtp({ email: 'other@coursekit.dev', token, type: 'signup' })
    expect(wrongAddress.error).toMatchObject({ status: 403, code: 'otp_expired' })
    const { data, error } = await supabase.auth.verifyOtp({ email: NEW_USER.email, token, type: 'signup' })
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe(NEW_USER.email)

    await supabase.auth.resend({ type: 'signup', email: demoAccounts.unconfirmed.email })
    const hash = backend.mailbox.for(demoAccounts.unconfirmed.email)[0]?.token ?? ''
    const byHash = await supabase.auth.verifyOtp({ token_hash: hash, type: 'email' })
    expect(byHash.error).toBeNull()
    expect(byHash.data.user?.email_confirmed_at).toEqual(expect.any(String))
    const reused = await supabase.auth.verifyOtp({ token_hash: hash, type: 'signup' })
    expect(reused.error).toMatchObject({ code: 'otp_expired' })
  })

  it('answers a confirmed address as a new sign-up: an obfuscated user, no mail, nothing changed', async () => {
    const { backend, supabase, clock } = await setup()
    const learner = demoAccounts.learner
    const before = structuredClone(backend.context.users.authByEmail(learner.email))
    const { data, error } = await supabase.auth.signUp({
      email: learner.email.toUpperCase(),
      password: 'some-other-password',
      options: { emailRedirectTo: APP, data: { name: '누군가' } },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    const now = new Date(clock.now()).toISOString()
    expect(data.user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      aud: 'authenticated',
      role: '',
      email: learner.email,
      phone: '',
      confirmation_sent_at: now,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: '누군가' },
      identities: [],
      created_at: now,
      updated_at: now,
      is_anonymous: false,
    })
    expect(data.user?.id).not.toBe(learner.id)
    const again = await supabase.auth.signUp({ email: learner.email, password: DEMO_PASSWORD })
    expect(again.data.user?.id).not.toBe(data.user?.id)
    expect(backend.mailbox.all()).toEqual([])
    expect(backend.context.users.authByEmail(learner.email)).toEqual(before)
    // The right password still signs in; the sign-up changed nothing.
    expect((await supabase.auth.signInWithPassword({ email: learner.email, password: DEMO_PASSWORD })).error).toBeNull()
  })

  it('a sign-up with neither e-mail nor phone is an anonymous sign-in, which is off: 422', async () => {
    const { backend, supabase } = await setup()
    const { data, error } = await supabase.auth.signUp({ email: '', password: 'long-enough-1' })
    expect(data.user).toBeNull()
    expect(error).toMatchObject({
      status: 422,
      code: 'anonymous_provider_disabled',
      message: 'Anonymous sign-ins are disabled',
    })
    const bare = await backend.fetch(`${backend.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(bare.status).toBe(422)
    expect(bare.headers.get('x-sb-error-code')).toBe('anonymous_provider_disabled')
    expect(await bare.json()).toMatchObject({
      code: 'anonymous_provider_disabled',
      msg: 'Anonymous sign-ins are disabled',
    })
  })

  it('a repeated sign-up of an unconfirmed address mails a new link and keeps the account', async () => {
    const { backend, supabase, clock } = await setup()
    const first = await supabase.auth.signUp(NEW_USER)
    clock.tick(60_000) // past the one-mail-a-minute limit (see mail-limits.test.ts)
    const second = await supabase.auth.signUp({ ...NEW_USER, password: 'another-password' })
    expect(second.error).toBeNull()
    expect(second.data.user?.id).toBe(first.data.user?.id)
    expect(backend.mailbox.for(NEW_USER.email)).toHaveLength(2)
  })

  it('two simultaneous sign-ups of one address make one account', async () => {
    // The second would be the minute's second mail: this test is about the account, not the limit.
    const { backend, supabase } = await setup('pkce', { emailMaxFrequencyMs: 0 })
    const results = await Promise.all([supabase.auth.signUp(NEW_USER), supabase.auth.signUp(NEW_USER)])
    expect(results.map((result) => result.error)).toEqual([null, null])
    expect(results[0].data.user?.id).toBe(results[1].data.user?.id)
    expect([...backend.context.users.auth.values()].filter((user) => user.email === NEW_USER.email)).toHaveLength(1)
  })

  it('refuses a short password with weak_password and its reasons', async () => {
    const { backend, supabase } = await setup()
    const { error } = await supabase.auth.signUp({ email: NEW_USER.email, password: '12345' })
    expect(error).toMatchObject({
      name: 'AuthWeakPasswordError',
      status: 422,
      code: 'weak_password',
      reasons: ['length'],
    })
    expect(backend.context.users.authByEmail(NEW_USER.email)).toBeUndefined()
  })

  it('refuses a malformed address with validation_failed', async () => {
    const { supabase } = await setup()
    const { error } = await supabase.auth.signUp({ email: 'not-an-email', password: 'long-enough-1' })
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' })
    expect(error?.message).toMatch(/email/i)
  })
})
