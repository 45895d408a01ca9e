import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from './memory-storage.ts'
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
})
