import { createSimulatedClock } from '@coursekit/core/testing'
import { describe, expect, it } from 'vitest'
import { createMockBackend } from '../backend.ts'
import { DEMO_PASSWORD, demoAccounts } from '../demo-accounts.ts'
import { REFRESH_TOKEN_REUSE_INTERVAL_MS } from './sessions.ts'
import { createTestClient } from './test-client.ts'

async function signedIn() {
  // From now: supabase-js judges its session's expiry on the wall clock.
  const clock = createSimulatedClock(Date.now())
  const backend = await createMockBackend({ clock })
  const supabase = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch })
  const { data } = await supabase.auth.signInWithPassword({
    email: demoAccounts.learner.email,
    password: DEMO_PASSWORD,
  })
  if (!data.session) throw new Error('sign-in failed')
  return { clock, backend, supabase, session: data.session }
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

  it('answer a second use of the token just rotated with the same session, as GoTrue does', async () => {
    const { backend, supabase, session } = await signedIn()
    const rotated = await supabase.auth.refreshSession()
    const again = await rawRefresh(backend, session.refresh_token)
    expect(again.status).toBe(200)
    expect(again.body.refresh_token).toBe(rotated.data.session?.refresh_token)
    expect((await rawRefresh(backend, again.body.refresh_token)).status).toBe(200)
  })

  it('refuse an older token past the reuse interval with refresh_token_already_used, and then the whole session', async () => {
    const { clock, backend, supabase, session } = await signedIn()
    await supabase.auth.refreshSession()
    const newest = await supabase.auth.refreshSession()
    clock.tick(REFRESH_TOKEN_REUSE_INTERVAL_MS + 1)
    const reuse = await rawRefresh(backend, session.refresh_token)
    expect(reuse.status).toBe(400)
    expect(reuse.body).toMatchObject({
      code: 'refresh_token_already_used',
      error_code: 'refresh_token_already_used',
      msg: 'Invalid Refresh Token: Already Used',
    })
    // Reuse looks like theft: the newest token of that session is spent too (refused once the
    // reuse interval of that spending has passed, as in GoTrue).
    clock.tick(REFRESH_TOKEN_REUSE_INTERVAL_MS + 1)
    const after = await rawRefresh(backend, newest.data.session?.refresh_token ?? '')
    expect(after.body.code).toBe('refresh_token_already_used')
  })

  it('surface reuse to supabase-js as an AuthApiError with the code', async () => {
    const { clock, backend, session } = await signedIn()
    const other = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch })
    const second = await rawRefresh(backend, session.refresh_token)
    await rawRefresh(backend, second.body.refresh_token)
    clock.tick(REFRESH_TOKEN_REUSE_INTERVAL_MS + 1)
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
