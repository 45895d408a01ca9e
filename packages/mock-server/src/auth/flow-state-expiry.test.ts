import { createSimulatedClock } from '@coursekit/core/testing'
import { describe, expect, it } from 'vitest'
import { createMockBackend } from '../backend.ts'
import { demoAccounts } from '../demo-accounts.ts'
import { FLOW_STATE_LIFETIME_MS } from './flow-states.ts'
import { consentShortcut, createTestClient, redirectTarget } from './test-client.ts'

const APP = 'http://localhost:5173/auth/callback'
const NEW_USER = { email: 'late.learner@coursekit.dev', password: 'new-password-1' }
const EXPIRED = { status: 422, code: 'flow_state_expired', message: 'invalid flow state, flow state has expired' }

async function setup() {
  const clock = createSimulatedClock()
  const backend = await createMockBackend({ clock, redirectAllowList: ['http://localhost:5173/**'] })
  const supabase = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch })
  return { backend, supabase, clock }
}

/** Follows the newest mail to `email` and returns the code its redirect carries. */
async function codeFromMail(backend: Awaited<ReturnType<typeof setup>>['backend'], email: string): Promise<string> {
  const link = backend.mailbox.for(email).at(-1)?.link ?? ''
  const code = (await redirectTarget(backend.fetch, link)).searchParams.get('code')
  if (!code) throw new Error('the link redirected without a code')
  return code
}

describe('PKCE flow states expire five minutes after they were created (GoTrue FLOW_STATE_EXPIRY_DURATION)', () => {
  it('sign-up: a link followed after 5 minutes confirms the address, but its code is refused', async () => {
    const { backend, supabase, clock } = await setup()
    await supabase.auth.signUp({ ...NEW_USER, options: { emailRedirectTo: APP } })
    clock.tick(FLOW_STATE_LIFETIME_MS + 1000)
    const code = await codeFromMail(backend, NEW_USER.email)
    const { data, error } = await supabase.auth.exchangeCodeForSession(code)
    expect(data.session).toBeNull()
    expect(error).toMatchObject(EXPIRED)
    // GoTrue confirms the address when the link is followed, before the code is exchanged.
    expect(backend.context.users.authByEmail(NEW_USER.email)?.emailConfirmedAt).toEqual(expect.any(Number))
    expect((await supabase.auth.signInWithPassword(NEW_USER)).error).toBeNull()
  })

  it('sign-up: exactly 5 minutes after the sign-up the code still exchanges', async () => {
    const { backend, supabase, clock } = await setup()
    await supabase.auth.signUp({ ...NEW_USER, options: { emailRedirectTo: APP } })
    clock.tick(FLOW_STATE_LIFETIME_MS)
    const { error } = await supabase.auth.exchangeCodeForSession(await codeFromMail(backend, NEW_USER.email))
    expect(error).toBeNull()
  })

  it('recovery: counted from the request, not from the click: a link followed at 4 minutes and exchanged at 5:01 is refused', async () => {
    const { backend, supabase, clock } = await setup()
    await supabase.auth.resetPasswordForEmail(demoAccounts.learner.email, { redirectTo: APP })
    clock.tick(4 * 60_000)
    const code = await codeFromMail(backend, demoAccounts.learner.email)
    clock.tick(61_000)
    expect((await supabase.auth.exchangeCodeForSession(code)).error).toMatchObject(EXPIRED)
  })

  it('OAuth: the code of a consent is refused 5 minutes and 1 second later', async () => {
    const { backend, supabase, clock } = await setup()
    const { data } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    const target = await redirectTarget(backend.fetch, consentShortcut(data.url ?? '', 'late.person@coursekit.dev'))
    clock.tick(FLOW_STATE_LIFETIME_MS + 1000)
    const exchanged = await supabase.auth.exchangeCodeForSession(target.searchParams.get('code') ?? '')
    expect(exchanged.error).toMatchObject(EXPIRED)
  })

  it('answers with GoTrue’s error body and headers', async () => {
    const { backend, supabase, clock } = await setup()
    await supabase.auth.signUp({ ...NEW_USER, options: { emailRedirectTo: APP } })
    clock.tick(FLOW_STATE_LIFETIME_MS + 1000)
    const code = await codeFromMail(backend, NEW_USER.email)
    const response = await backend.fetch(`${backend.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    })
    expect(response.status).toBe(422)
    expect(response.headers.get('x-sb-error-code')).toBe('flow_state_expired')
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(await response.json()).toEqual({
      code: 'flow_state_expired',
      error_code: 'flow_state_expired',
      msg: 'invalid flow state, flow state has expired',
      message: 'invalid flow state, flow state has expired',
    })
  })
})
