import { AUTH_COOKIE_MAX_AGE_S, COOKIE_PATH, COOKIE_SAME_SITE } from '../kernel/constants.ts'
import type { CookiePort, KeyValueStorage, LocationPort, TokenStore } from '../kernel/ports.ts'
import { cookieNames, storageKeys } from '../kernel/storage-keys.ts'

/**
 * The web's token store (spec section 3 and 9): the auth_token cookie (7 days, path /, lax, secure
 * on https) plus local storage under auth_token. The cookie wins when both are present because the
 * server side of the app can read and clear it.
 */
export function createWebTokenStore(ports: {
  cookies: CookiePort
  storage: KeyValueStorage
  location: LocationPort
}): TokenStore {
  const { cookies, storage, location } = ports
  return {
    get: async () => cookies.get(cookieNames.authToken) ?? storage.get(storageKeys.authToken),
    set: async (token) => {
      cookies.set(cookieNames.authToken, token, {
        maxAgeSeconds: AUTH_COOKIE_MAX_AGE_S,
        path: COOKIE_PATH,
        sameSite: COOKIE_SAME_SITE,
        secure: location.current().href.startsWith('https:'),
      })
      storage.set(storageKeys.authToken, token)
    },
    clear: async () => {
      cookies.remove(cookieNames.authToken, { path: COOKIE_PATH })
      storage.remove(storageKeys.authToken)
    },
  }
}
