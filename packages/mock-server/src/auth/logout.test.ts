import { describe, expect, it } from 'vitest'
import { createMockBackend, type MockBackend } from '../backend.ts'
import { DEMO_PASSWORD, demoAccounts } from '../demo-accounts.ts'
import { createTestClient } from './test-client.ts'

/** Three devices signed in as the learner, each with its own session. */
async function threeDevices() {
  const backend = await createMockBackend()
  const devices = await Promise.all(
    ['laptop', 'phone', 'tablet'].map(async () => {
      const client = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch })
      const { data } = await client.auth.signInWithPassword({
        email: demoAccounts.learner.email,
        password: DEMO_PASSWORD,
      })
      if (!data.session) throw new Error('sign-in failed')
      return { client, session: data.session }
    }),
  )
  return { backend, devices: devices as [(typeof devices)[0], (typeof devices)[0], (typeof devices)[0]] }
}

async function refreshCode(backend: MockBackend, refreshToken: string): Promise<string | null> {
  const response = await backend.fetch(`${backend.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  })
  return response.ok ? null : (await response.json()).code
}

describe('signOut scopes', () => {
  it('global ends every session of the user', async () => {
    const { backend, devices } = await threeDevices()
    const [laptop, phone, tablet] = devices
    expect((await laptop.client.auth.signOut({ scope: 'global' })).error).toBeNull()
    expect((await laptop.client.auth.getSession()).data.session).toBeNull()
    expect(await refreshCode(backend, phone.session.refresh_token)).toBe('refresh_token_not_found')
    expect(await refreshCode(backend, tablet.session.refresh_token)).toBe('refresh_token_not_found')
    expect(backend.context.authSessions.forUser(demoAccounts.learner.id)).toEqual([])
  })

  it('local ends only the current session', async () => {
    const { backend, devices } = await threeDevices()
    const [laptop, phone, tablet] = devices
    expect((await laptop.client.auth.signOut({ scope: 'local' })).error).toBeNull()
    expect(await refreshCode(backend, laptop.session.refresh_token)).toBe('refresh_token_not_found')
    expect(await refreshCode(backend, phone.session.refresh_token)).toBeNull()
    expect(await refreshCode(backend, tablet.session.refresh_token)).toBeNull()
  })

  it('others ends every session but the current one', async () => {
    const { backend, devices } = await threeDevices()
    const [laptop, phone, tablet] = devices
    expect((await laptop.client.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect((await laptop.client.auth.getUser()).error).toBeNull()
    expect(await refreshCode(backend, laptop.session.refresh_token)).toBeNull()
    expect(await refreshCode(backend, phone.session.refresh_token)).toBe('refresh_token_not_found')
    expect(await refreshCode(backend, tablet.session.refresh_token)).toBe('refresh_token_not_found')
  })

  it('an access token of an ended session is refused at /user with session_not_found', async () => {
    const { backend, devices } = await threeDevices()
    const [laptop, phone] = devices
    await laptop.client.auth.signOut({ scope: 'global' })
    const response = await backend.fetch(`${backend.url}/auth/v1/user`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${phone.session.access_token}` },
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'session_not_found' })
    // auth-js reads that as "signed out" and forgets the stored session.
    const { error } = await phone.client.auth.getUser()
    expect(error?.name).toBe('AuthSessionMissingError')
    expect((await phone.client.auth.getSession()).data.session).toBeNull()
  })

  it('answers 204 without a body, and refuses an unknown scope', async () => {
    const { backend, devices } = await threeDevices()
    const logout = (scope: string) =>
      backend.fetch(`${backend.url}/auth/v1/logout?scope=${scope}`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, authorization: `Bearer ${devices[0].session.access_token}` },
      })
    const bad = await logout('everywhere')
    expect(bad.status).toBe(400)
    expect((await bad.json()).code).toBe('validation_failed')
    const ok = await logout('local')
    expect(ok.status).toBe(204)
    expect(await ok.text()).toBe('')
  })
})
