import { describe, expect, it } from 'vitest'
import type { TokenStore } from '../kernel/ports.ts'
import { createMemoryStorage } from '../platform/memory-storage.ts'
import { tokenStoreApiAuth } from './token-store-api-auth.ts'

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const tokenFor = (sub: string) => `${encode({ alg: 'HS256' })}.${encode({ sub, exp: 1 })}.sig`

function storeWith(token: string | null) {
  const storage = createMemoryStorage(token === null ? {} : { t: token })
  let clearing: () => void = () => {}
  const store: TokenStore = {
    get: async () => storage.get('t'),
    set: async (value) => storage.set('t', value),
    clear: () =>
      new Promise<void>((resolve) => {
        clearing = () => {
          storage.remove('t')
          resolve()
        }
      }),
  }
  return { store, finishClearing: () => clearing() }
}

describe('tokenStoreApiAuth', () => {
  it('is initialised at once and authenticated once it has read a stored token', async () => {
    const source = tokenStoreApiAuth(storeWith(tokenFor('user-1')).store)
    expect(source.whenInitialized()).toBeNull()
    expect(source.isAuthenticated()).toBe(false)
    expect(await source.getAccessToken()).toBe(tokenFor('user-1'))
    expect(source.isAuthenticated()).toBe(true)
    expect(source.getUserId()).toBe('user-1')
  })

  it('has no user without a token, and none for a token without sub', async () => {
    const empty = tokenStoreApiAuth(storeWith(null).store)
    expect(await empty.getAccessToken()).toBeNull()
    expect(empty.getUserId()).toBeNull()
    const opaque = tokenStoreApiAuth(storeWith('opaque-token').store)
    await opaque.getAccessToken()
    expect(opaque.getUserId()).toBeNull()
  })

  it('cannot refresh, and flags logout in progress while it clears the store', async () => {
    const { store, finishClearing } = storeWith(tokenFor('u'))
    const source = tokenStoreApiAuth(store)
    await source.getAccessToken()
    expect(await source.refresh()).toBe(false)
    const loggingOut = source.logout()
    expect(source.logoutInProgress).toBe(true)
    finishClearing()
    await loggingOut
    expect(source.logoutInProgress).toBe(false)
    expect(source.isAuthenticated()).toBe(false)
    expect(await source.getAccessToken()).toBeNull()
    expect(source.isVideoPlaying()).toBe(false)
  })
})
