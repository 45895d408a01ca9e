import { describe, expect, it } from 'vitest'
import { createMockBackend } from '../backend.ts'
import { DEMO_PASSWORD, demoAccounts } from '../demo-accounts.ts'
import { createTestClient } from './test-client.ts'

async function setup() {
  const backend = await createMockBackend()
  const supabase = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch })
  return { backend, supabase }
}

describe('signInWithPassword', () => {
  it('signs a confirmed user in with a session auth-js keeps', async () => {
    const { backend, supabase } = await setup()
    const { data, error } = await supabase.auth.signInWithPassword({
      email: demoAccounts.learner.email,
      password: DEMO_PASSWORD,
    })
    expect(error).toBeNull()
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 })
    expect(data.session?.refresh_token).toEqual(expect.any(String))
    expect(data.user).toMatchObject({
      id: demoAccounts.learner.id,
      email: demoAccounts.learner.email,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
    })
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: demoAccounts.learner.id })
    const stored = await supabase.auth.getSession()
    expect(stored.data.session?.access_token).toBe(data.session?.access_token)
    expect(backend.context.users.auth.get(demoAccounts.learner.id)?.lastSignInAt).toEqual(expect.any(Number))
    const me = await supabase.auth.getUser()
    expect(me.data.user?.id).toBe(demoAccounts.learner.id)
  })

  it('accepts the e-mail in any case', async () => {
    const { supabase } = await setup()
    const { error } = await supabase.auth.signInWithPassword({
      email: demoAccounts.learner.email.toUpperCase(),
      password: DEMO_PASSWORD,
    })
    expect(error).toBeNull()
  })

  it('refuses an unconfirmed e-mail with email_not_confirmed', async () => {
    const { backend, supabase } = await setup()
    const { data, error } = await supabase.auth.signInWithPassword({
      email: demoAccounts.unconfirmed.email,
      password: DEMO_PASSWORD,
    })
    expect(data.session).toBeNull()
    expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'email_not_confirmed' })
    expect(error?.message).toBe('Email not confirmed')
    expect(backend.context.users.auth.get(demoAccounts.unconfirmed.id)?.lastSignInAt).toBeNull()
  })

  it('answers a wrong password, an unknown user and an OAuth-only user alike with invalid_credentials', async () => {
    const { supabase } = await setup()
    const attempts = [
      { email: demoAccounts.learner.email, password: 'wrong-password' },
      { email: 'nobody@coursekit.dev', password: DEMO_PASSWORD },
      { email: demoAccounts.google.email, password: DEMO_PASSWORD },
      // A wrong password says nothing about confirmation either.
      { email: demoAccounts.unconfirmed.email, password: 'wrong-password' },
    ]
    for (const attempt of attempts) {
      const { error } = await supabase.auth.signInWithPassword(attempt)
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })
    }
    expect((await supabase.auth.getSession()).data.session).toBeNull()
  })
})
