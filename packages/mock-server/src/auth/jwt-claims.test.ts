import { createSimulatedClock } from '@coursekit/core/testing'
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { createMockBackend } from '../backend.ts'
import { DEMO_PASSWORD, demoAccounts } from '../demo-accounts.ts'
import { createTestClient } from './test-client.ts'

describe('access tokens', () => {
  it('carry GoTrue claims: sub, email, role, session_id, app_metadata, amr, exp = iat + 3600', async () => {
    const backend = await createMockBackend()
    const supabase = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch })
    const { data } = await supabase.auth.signInWithPassword({
      email: demoAccounts.admin.email,
      password: DEMO_PASSWORD,
    })
    const claims = decodeJwt(data.session?.access_token ?? '')
    expect(claims).toMatchObject({
      sub: demoAccounts.admin.id,
      email: demoAccounts.admin.email,
      role: 'authenticated',
      aud: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
    })
    expect(claims.exp).toBe((claims.iat ?? 0) + 3600)
    expect(data.session?.expires_at).toBe(claims.exp)
    expect(backend.context.authSessions.get(String(claims.session_id))?.userId).toBe(demoAccounts.admin.id)
    const verified = await backend.context.tokens.verifyAccessToken(data.session?.access_token ?? '')
    expect(verified?.sub).toBe(demoAccounts.admin.id)
  })

  it('expire on the backend clock: after 3601 s GET /user refuses the old token with 403 bad_jwt', async () => {
    const clock = createSimulatedClock(Date.now())
    const backend = await createMockBackend({ clock })
    const supabase = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch })
    const { data } = await supabase.auth.signInWithPassword({
      email: demoAccounts.learner.email,
      password: DEMO_PASSWORD,
    })
    const token = data.session?.access_token ?? ''
    const getUser = () =>
      backend.fetch(`${backend.url}/auth/v1/user`, {
        headers: { apikey: backend.anonKey, authorization: `Bearer ${token}` },
      })

    clock.tick(3599_000)
    expect((await getUser()).status).toBe(200)
    clock.tick(2_000)
    const refused = await getUser()
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'bad_jwt', msg: expect.stringMatching(/expired/) })
    const viaClient = await supabase.auth.getUser(token)
    expect(viaClient.error).toMatchObject({ status: 403, code: 'bad_jwt' })

    // The refresh token outlives the access token.
    const refreshed = await supabase.auth.refreshSession({ refresh_token: data.session?.refresh_token ?? '' })
    expect(refreshed.error).toBeNull()
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').iat).toBe(Math.floor(clock.now() / 1000))
  })
})
