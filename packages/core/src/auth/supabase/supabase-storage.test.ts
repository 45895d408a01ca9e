import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../platform/memory-storage.ts'
import { supabaseStorage } from './supabase-storage.ts'

const session = JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 1_700_000_000, user: { id: 'u' } })

describe('supabase-js storage over platform storage', () => {
  it('stores and removes through the platform storage', async () => {
    const storage = createMemoryStorage()
    const adapter = supabaseStorage(storage, { sessionKey: 'k', hideExpiry: false })
    await adapter.setItem('k', session)
    await adapter.setItem('k-code-verifier', 'v')
    expect(storage.entries()).toEqual({ k: session, 'k-code-verifier': 'v' })
    expect(await adapter.getItem('k')).toBe(session)
    await adapter.removeItem('k')
    expect(await adapter.getItem('k')).toBeNull()
  })

  it('off the system clock, reads the session back without its expiry (supabase-js must not judge it) and stores it whole', async () => {
    const storage = createMemoryStorage()
    const adapter = supabaseStorage(storage, { sessionKey: 'k', hideExpiry: true })
    await adapter.setItem('k', session)
    expect(JSON.parse((await adapter.getItem('k'))!)).toEqual({ ...JSON.parse(session), expires_at: null })
    expect(storage.get('k')).toBe(session)
    await adapter.setItem('k-code-verifier', 'v')
    expect(await adapter.getItem('k-code-verifier')).toBe('v')
    storage.set('k', 'not json')
    expect(await adapter.getItem('k')).toBe('not json')
  })

  it('reads a session rewritten by another writer (another tab) afresh, not the copy it rewrote before', async () => {
    const storage = createMemoryStorage()
    const adapter = supabaseStorage(storage, { sessionKey: 'k', hideExpiry: true })
    await adapter.setItem('k', session)
    expect(JSON.parse((await adapter.getItem('k'))!).access_token).toBe('a')
    expect(JSON.parse((await adapter.getItem('k'))!).access_token).toBe('a')
    const next = JSON.stringify({ ...JSON.parse(session), access_token: 'b', expires_at: 1_700_003_600 })
    storage.set('k', next)
    expect(JSON.parse((await adapter.getItem('k'))!)).toEqual({ ...JSON.parse(next), expires_at: null })
  })

  it('hides the expiry exactly as re-serialising would, wherever the key sits and whatever the session holds', async () => {
    const user = { id: 'u', user_metadata: { note: 'say "expires_at":1 {[' }, identities: [{ id: 'i' }] }
    const sessions = [
      {
        access_token: 'a.b.c',
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: 1_700_000_000,
        refresh_token: 'r',
        user,
      },
      { expires_at: 1_700_000_000, access_token: 'a', refresh_token: 'r' },
      { access_token: 'a', refresh_token: 'r', user, expires_at: 1_700_000_000 },
      { access_token: 'a', refresh_token: 'r', user: { ...user, factors: [{ expires_at: 5 }] }, expires_at: 9 },
      { 'x"expires_at': 1, access_token: 'a', refresh_token: 'r', expires_at: 2 },
      { access_token: 'a', refresh_token: 'r', expires_at: null },
      { access_token: 'a', refresh_token: 'r', expires_at: 1.5e9 },
    ]
    for (const value of sessions) {
      const storage = createMemoryStorage({ k: JSON.stringify(value) })
      const adapter = supabaseStorage(storage, { sessionKey: 'k', hideExpiry: true })
      const shown = (await adapter.getItem('k'))!
      expect(JSON.parse(shown)).toEqual({ ...value, expires_at: null })
      expect(storage.get('k')).toBe(JSON.stringify(value))
    }
  })

  it('tells the stored tokens off the system clock, and nothing it cannot vouch for', async () => {
    const storage = createMemoryStorage()
    const hidden = supabaseStorage(storage, { sessionKey: 'k', hideExpiry: true })
    const plain = supabaseStorage(storage, { sessionKey: 'k', hideExpiry: false })
    expect(hidden.storedTokens()).toBeNull()
    await hidden.setItem('k', session)
    expect(hidden.storedTokens()).toEqual({ accessToken: 'a', refreshToken: 'r' })
    expect(plain.storedTokens()).toBeUndefined()
    // Another writer (another tab) is read afresh.
    storage.set('k', JSON.stringify({ ...JSON.parse(session), access_token: 'b', refresh_token: 's' }))
    expect(hidden.storedTokens()).toEqual({ accessToken: 'b', refreshToken: 's' })
    for (const odd of ['not json', '[1]', '"text"', JSON.stringify({ access_token: 'a' })]) {
      storage.set('k', odd)
      expect(hidden.storedTokens()).toBeUndefined()
    }
    storage.remove('k')
    expect(hidden.storedTokens()).toBeNull()
  })

  it("on the system clock, hides the expiry too while the clock is known to be off the server's, so supabase-js never refreshes by it", async () => {
    const storage = createMemoryStorage()
    let offset = 0
    const adapter = supabaseStorage(storage, { sessionKey: 'k', hideExpiry: false, clockOffset: () => offset })
    await adapter.setItem('k', session)
    expect(await adapter.getItem('k')).toBe(session)
    expect(adapter.storedTokens()).toBeUndefined()
    offset = 60 * 60 * 1000
    expect(JSON.parse((await adapter.getItem('k'))!)).toEqual({ ...JSON.parse(session), expires_at: null })
    expect(adapter.storedTokens()).toEqual({ accessToken: 'a', refreshToken: 'r' })
    expect(storage.get('k')).toBe(session)
  })
})
