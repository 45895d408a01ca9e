import { decodeJwtClaims } from '../kernel/jwt-claims.ts'
import type { TokenStore } from '../kernel/ports.ts'
import type { ApiAuthPort } from './api-auth-port.ts'

/**
 * An ApiAuthPort over a token store alone, for a client without the auth service (a script with a
 * saved token, the desktop wrapper's native token): initialised at once, authenticated while a token
 * is stored, unable to refresh, and logging out by clearing the store.
 */
export function tokenStoreApiAuth(tokenStore: TokenStore): ApiAuthPort {
  let lastToken: string | null = null
  let loggingOut = false
  return {
    async getAccessToken() {
      lastToken = await tokenStore.get()
      return lastToken
    },
    getUserId() {
      const sub = lastToken === null ? undefined : decodeJwtClaims(lastToken)?.sub
      return typeof sub === 'string' && sub !== '' ? sub : null
    },
    whenInitialized: () => null,
    isAuthenticated: () => lastToken !== null,
    refresh: async () => false,
    async logout() {
      loggingOut = true
      try {
        await tokenStore.clear()
        lastToken = null
      } finally {
        loggingOut = false
      }
    },
    isVideoPlaying: () => false,
    get logoutInProgress() {
      return loggingOut
    },
  }
}
