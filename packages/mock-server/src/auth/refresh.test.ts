import { describe, expect, it } from 'vitest'
import { createMockBackend } from '../backend.ts'
import { DEMO_PASSWORD, demoAccounts } from '../demo-accounts.ts'
import { createTestClient } from './test-client.ts'

async function signedIn() {
  const backend = await createMockBackend()
  const supabase = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch })
  const { data } = await supabase.auth.signInWithPassword({
    email: demoAccounts.learner.email,
    password: DEMO_PASSWORD,
  })
  if (!data.session) throw new Error('sign-in failed')
  return { backend, supabase, session: data.session }
}

/** A raw refresh, as a second device holding a copied token would send it. */
async function rawRefresh(backend: Awaited<ReturnType<typeof createMockBackend>>, refreshToken: string) {
  const response = await backend.fetch(`${backend.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  })
  return { status: response.status, body: await response.json() }
}

describe('refresh tokens', () => {
  it('rotate: refreshSession gives a new refresh token and a new access token for the same session', async () => {
    const { supabase, session } = await signedIn()
    const { data, error } = await supabase.auth.refreshSession()
    expect(error).toBeNull()
    expect(data.session?.refresh_token).not.toBe(session.refresh_token)
    expect(data.session?.user.id).toBe(session.user.id)
    const sessionId = (token: string) => JSON.parse(atob(token.split('.')[1] ?? '')).session_id
    expect(sessionId(data.session?.access_token ?? '')).toBe(sessionId(session.access_token))
    expect((await supabase.auth.getSession()).data.session?.refresh_token).toBe(data.session?.refresh_token)
  })

  it('refuse the rotated token with refresh_token_already_used, and then the whole session', async () => {
    const { backend, supabase, session } = await signedIn()
    const rotated = await supabase.auth.refreshSession()
    const reuse = await rawRefresh(backend, session.refresh_token)
    expect(reuse.status).toBe(400)
    expect(reuse.body).toMatchObject({
      code: 'refresh_token_already_used',
      error_code: 'refresh_token_already_used',
      msg: 'Invalid Refresh Token: Already Used',
    })
    // Reuse looks like theft: the newest token of that session is revoked too.
    const newest = await rawRefresh(backend, rotated.data.session?.refresh_token ?? '')
    expect(newest.body.code).toBe('refresh_token_already_used')
  })

  it('surface reuse to supabase-js as an AuthApiError with the code', async () => {
    const { backend, session } = await signedIn()
    const other = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch })
    await rawRefresh(backend, session.refresh_token)
    const { error } = await other.auth.refreshSession({ refresh_token: session.refresh_token })
    expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'refresh_token_already_used' })
  })

  it('refuse an unknown token with refresh_token_not_found and an empty one with validation_failed', async () => {
    const { backend } = await signedIn()
    const unknown = await rawRefresh(backend, 'f'.repeat(32))
    expect(unknown).toMatchObject({ status: 400, body: { code: 'refresh_token_not_found' } })
    const empty = await rawRefresh(backend, '')
    expect(empty).toMatchObject({ status: 400, body: { code: 'validation_failed' } })
  })
})
