import { describe, expect, it } from 'vitest'
import { storageKeys } from '../../kernel/storage-keys.ts'
import { memoryPlatform } from '../../platform/memory-platform.ts'
import { createSupabaseClient } from './supabase-client.ts'

/** The auth client's first request, answered with GoTrue's refusal. */
async function firstRequest(url: string): Promise<{ url: string; headers: Headers }> {
  let seen: { url: string; headers: Headers } | null = null
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    seen = { url: String(input), headers: new Headers(init?.headers) }
    return new Response(JSON.stringify({ code: 400, error_code: 'invalid_credentials', msg: 'no' }), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    })
  }
  const { auth } = await createSupabaseClient({
    url,
    anonKey: 'anon-key',
    fetch,
    storage: memoryPlatform().storage,
    autoRefreshToken: false,
  })
  const { error } = await auth.signInWithPassword({ email: 'a@example.com', password: 'pw' })
  expect(error?.code).toBe('invalid_credentials')
  return seen!
}

describe('createSupabaseClient', () => {
  it('makes the auth client createClient would: /auth/v1 under the URL, the anon key as apikey and bearer', async () => {
    for (const [url, expected] of [
      ['https://project.example.com', 'https://project.example.com/auth/v1/token?grant_type=password'],
      ['https://project.example.com/', 'https://project.example.com/auth/v1/token?grant_type=password'],
      ['http://127.0.0.1:54321/base', 'http://127.0.0.1:54321/base/auth/v1/token?grant_type=password'],
    ] as const) {
      const request = await firstRequest(url)
      expect(request.url).toBe(expected)
      expect(request.headers.get('apikey')).toBe('anon-key')
      expect(request.headers.get('authorization')).toBe('Bearer anon-key')
    }
  })

  it('refuses a URL that is not HTTP(S), as createClient does', async () => {
    const settings = { anonKey: 'k', fetch, storage: memoryPlatform().storage, autoRefreshToken: false }
    await expect(createSupabaseClient({ ...settings, url: 'ftp://project.example.com' })).rejects.toThrow(
      /must be an HTTP or HTTPS URL/,
    )
    await expect(createSupabaseClient({ ...settings, url: 'not a url' })).rejects.toThrow(TypeError)
  })

  it("on the system clock, hides the stored expiry from supabase-js once this device is known to be off the server's clock", async () => {
    const storage = memoryPlatform().storage
    const session = JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 1_700_000_000 })
    storage.set(storageKeys.supabaseAuth, session)
    const made = await createSupabaseClient({
      url: 'https://p.example.com',
      anonKey: 'k',
      fetch,
      storage,
      autoRefreshToken: true,
    })
    // Not hidden: supabase-js may refresh on reading, so the stored tokens are not vouched for.
    expect(made.storedTokens()).toBeUndefined()
    storage.set(storageKeys.serverClockOffset, String(60 * 60 * 1000))
    expect(made.storedTokens()).toEqual({ accessToken: 'a', refreshToken: 'r' })
  })
})
