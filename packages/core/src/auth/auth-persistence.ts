import type { Provider } from '../contract/common.ts'
import type { Clock } from '../kernel/clock.ts'
import { COOKIE_PATH, COOKIE_SAME_SITE, LAST_LOGIN_INFO_TTL_MS, ROLE_COOKIE_MAX_AGE_S } from '../kernel/constants.ts'
import type { CookieOptions, Platform } from '../kernel/ports.ts'
import { cookieNames, sessionStorageKeys, storageKeys } from '../kernel/storage-keys.ts'
import { authSessionStorageOf } from './auth-session-storage.ts'
import type { LoginMethod } from './auth-store-state.ts'
import type { UserProfile } from './profile/profile-rules.ts'

/** Spec section 3, "Last-login info": kept 30 days, through sign-outs, for "last time you used …". */
export interface LastLoginInfo {
  method: LoginMethod
  email: string | null
  /** Milliseconds on the client's clock. */
  timestamp: number
}

/** The user_role_info cookie (spec section 3), for server-rendered pages that need the role. */
export interface UserRoleInfo {
  userId: string
  role: string
  hasProfile: boolean
  timestamp: number
}

/**
 * Where the auth service keeps what outlives a page (spec section 3): the token through the
 * platform's token store (cookie + local storage on the web, native commands on the desktop), the
 * profile and last-login info in local storage, the role cookie, the OAuth target, and the session
 * storage flags. Storage never throws; the token store may (native commands), and says so.
 */
export interface AuthPersistence {
  readToken(): Promise<string | null>
  /** False when the token could not be saved (the caller shows 인증 정보 저장에 실패했습니다). */
  saveToken(token: string): Promise<boolean>
  saveProfile(profile: UserProfile, role: string): void
  saveLastLogin(method: LoginMethod, email: string | null): void
  readLastLogin(): LastLoginInfo | null
  saveOAuthTarget(path: string): void
  /** The saved OAuth target, removed as it is read. */
  takeOAuthTarget(): string | null
  setLogoutFlag(on: boolean): void
  logoutFlagSet(): boolean
  /** Everything of the signed-in session: token, profile, role cookie, OAuth target. */
  clearSession(): Promise<void>
}

const PROVIDERS: readonly string[] = ['EMAIL', 'GOOGLE', 'KAKAO'] satisfies Provider[]

export function createAuthPersistence(platform: Platform, clock: Clock): AuthPersistence {
  const { storage, sessionStorage, cookies, tokenStore } = platform
  const authSession = authSessionStorageOf(platform)
  const cookieOptions = (): CookieOptions => ({
    maxAgeSeconds: ROLE_COOKIE_MAX_AGE_S,
    path: COOKIE_PATH,
    sameSite: COOKIE_SAME_SITE,
    secure: platform.location.current().href.startsWith('https:'),
  })

  return {
    async readToken() {
      try {
        return await tokenStore.get()
      } catch {
        return null
      }
    },
    async saveToken(token) {
      // The auth session supabase-js just stored (its refresh token) must be kept as surely as the token.
      const sessionSaved = authSession.saved()
      try {
        await tokenStore.set(token)
      } catch {
        await sessionSaved
        return false
      }
      return await sessionSaved
    },
    saveProfile(profile, role) {
      storage.set(storageKeys.authProfile, JSON.stringify(profile))
      const info: UserRoleInfo = { userId: profile.id, role, hasProfile: profile.hasProfile, timestamp: clock.now() }
      cookies.set(cookieNames.userRoleInfo, JSON.stringify(info), cookieOptions())
    },
    saveLastLogin(method, email) {
      const info: LastLoginInfo = { method, email, timestamp: clock.now() }
      storage.set(storageKeys.lastLoginInfo, JSON.stringify(info))
    },
    readLastLogin() {
      const info = parseLastLogin(storage.get(storageKeys.lastLoginInfo))
      if (info && clock.now() - info.timestamp <= LAST_LOGIN_INFO_TTL_MS) return info
      storage.remove(storageKeys.lastLoginInfo)
      return null
    },
    saveOAuthTarget(path) {
      storage.set(storageKeys.redirectAfterOAuth, path)
    },
    takeOAuthTarget() {
      const path = storage.get(storageKeys.redirectAfterOAuth)
      storage.remove(storageKeys.redirectAfterOAuth)
      return path
    },
    setLogoutFlag(on) {
      if (on) sessionStorage.set(sessionStorageKeys.logoutInProgress, 'true')
      else sessionStorage.remove(sessionStorageKeys.logoutInProgress)
    },
    logoutFlagSet: () => sessionStorage.get(sessionStorageKeys.logoutInProgress) === 'true',
    async clearSession() {
      try {
        await tokenStore.clear()
      } catch {
        // A native store that refuses: the session ends anyway; the next start finds no session in
        // supabase-js and a token that fails its check.
      }
      // supabase-js removed its session before this (signOut); its removal reaches the store first.
      await authSession.saved()
      storage.remove(storageKeys.authProfile)
      storage.remove(storageKeys.redirectAfterOAuth)
      cookies.remove(cookieNames.userRoleInfo, { path: COOKIE_PATH })
      // profileRedirectCount stays: the limit is per browser session, not per sign-in.
    },
  }
}

function parseLastLogin(raw: string | null): LastLoginInfo | null {
  if (raw === null) return null
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null) return null
    const { method, email, timestamp } = value as Record<string, unknown>
    if (typeof method !== 'string' || !PROVIDERS.includes(method) || typeof timestamp !== 'number') return null
    return { method: method as LoginMethod, email: typeof email === 'string' ? email : null, timestamp }
  } catch {
    return null
  }
}
