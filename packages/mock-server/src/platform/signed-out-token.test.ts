import { ApiErrorBody } from '@coursekit/core/contract'
import { describe, expect, it } from 'vitest'
import { createTestClient } from '../auth/test-client.ts'
import { DEMO_PASSWORD, demoAccounts } from '../demo-accounts.ts'
import { caller, createPlatformTestBed, expectBody, type PlatformTestBed } from './test-helpers.ts'

const { admin } = demoAccounts

/** The admin signed in with the real supabase-js, with one device registered. */
async function signedInAdmin(bed: PlatformTestBed) {
  const client = createTestClient({ url: bed.backend.url, anonKey: bed.backend.anonKey, fetch: bed.backend.fetch })
  const { data, error } = await client.auth.signInWithPassword({ email: admin.email, password: DEMO_PASSWORD })
  if (error || !data.session) throw new Error(`sign-in failed: ${error?.message}`)
  const api = caller(bed.backend, data.session.access_token)
  const sessionId = `${admin.id}_laptop`
  expect((await api.post('/api/v2/session-tracker', { sessionId, userAgent: 'laptop' })).status).toBe(200)
  return { client, api, sessionId }
}

/** What the token reads and does on the platform API: the statuses, in order. */
async function platformStatuses(api: ReturnType<typeof caller>, newDevice: string): Promise<number[]> {
  return [
    (await api.get(`/api/users/${admin.id}`)).status,
    (await api.get('/api/v2/session-tracker/sessions')).status,
    (await api.get('/api/v2/admin/sessions')).status,
    (await api.post('/api/v2/session-tracker', { sessionId: `${admin.id}_${newDevice}`, userAgent: newDevice })).status,
  ]
}

describe('a signed-out access token no longer works on the platform API (its auth session is checked)', () => {
  it.each([
    ['/auth/v1/logout (supabase-js signOut)', 'auth'],
    ['the app’s sequence: session-tracker/end, /api/v2/auth/logout, /auth/v1/logout', 'app'],
    ['a sign-out everywhere from another device', 'elsewhere'],
  ] as const)('after %s', async (_, how) => {
    // The backend's clock at the real time: supabase-js judges token expiry by Date.now.
    const bed = await createPlatformTestBed({ clockStart: Date.now() })
    const { client, api, sessionId } = await signedInAdmin(bed)
    expect(await platformStatuses(api, 'before')).toEqual([200, 200, 200, 200])
    if (how === 'app') expect((await bed.anonymous.post('/api/v2/session-tracker/end', { sessionId })).status).toBe(200)
    if (how === 'app') expect((await api.post('/api/v2/auth/logout')).status).toBe(200)
    if (how === 'elsewhere') {
      const other = createTestClient({ url: bed.backend.url, anonKey: bed.backend.anonKey, fetch: bed.backend.fetch })
      await other.auth.signInWithPassword({ email: admin.email, password: DEMO_PASSWORD })
      expect((await other.auth.signOut({ scope: 'global' })).error).toBeNull()
    } else {
      expect((await client.auth.signOut({ scope: 'local' })).error).toBeNull()
      expect((await client.auth.getSession()).data.session).toBeNull()
    }

    expect(await platformStatuses(api, 'after')).toEqual([401, 401, 401, 401])
    const refused = expectBody(await api.get('/api/v2/session-tracker/sessions'), 401, ApiErrorBody)
    expect(refused).toEqual({
      error: 'Invalid or expired token',
      message: 'Invalid or expired token',
      code: 'UNAUTHORIZED',
    })
    // The refused registration took no slot.
    const devices = bed.backend.context.devices.list(admin.id).map((device) => device.id)
    expect(devices).not.toContain(`${admin.id}_after`)
  })
})
