import { PROFILE_REDIRECT_LIMIT } from '../../kernel/constants.ts'
import type { KeyValueStorage, LocationSnapshot } from '../../kernel/ports.ts'
import { routes, suppressesAuthRedirect } from '../../kernel/routes.ts'
import { sessionStorageKeys } from '../../kernel/storage-keys.ts'
import { afterSignInTarget, safeRedirectPath } from '../flows/redirect-target.ts'
import type { UserProfile } from './profile-rules.ts'

/** /sign/complete/{userId}/{email} (spec section 2), each segment percent-encoded. */
export function profileCompletionPath(userId: string, email: string): string {
  return `${routes.signCompletePrefix}${encodeURIComponent(userId)}/${encodeURIComponent(email)}`
}

function redirectCount(sessionStorage: KeyValueStorage): number {
  const count = Number.parseInt(sessionStorage.get(sessionStorageKeys.profileRedirectCount) ?? '', 10)
  return Number.isFinite(count) && count > 0 ? count : 0
}

/**
 * Spec section 4: once the completion page has been shown PROFILE_REDIRECT_LIMIT times in this
 * browser session, an incomplete profile is treated as complete (so its role applies too).
 */
export function withRedirectLimit(profile: UserProfile, sessionStorage: KeyValueStorage): UserProfile {
  if (profile.hasProfile || redirectCount(sessionStorage) < PROFILE_REDIRECT_LIMIT) return profile
  return { ...profile, hasProfile: true }
}

/**
 * Whether to send the user to the completion page now. Counts the redirect in session storage
 * (profileRedirectCount). Never from the completion page itself, which would count a visit the user
 * is already making. `returnTo` is where the person was going (see returnTargetOf): kept for after
 * the completion page, or forgotten when there is none.
 */
export function takeProfileRedirect(
  profile: UserProfile,
  sessionStorage: KeyValueStorage,
  currentPath: string,
  returnTo: string | null = null,
): string | null {
  if (profile.hasProfile || suppressesAuthRedirect(currentPath)) return null
  const count = redirectCount(sessionStorage)
  if (count >= PROFILE_REDIRECT_LIMIT) return null
  sessionStorage.set(sessionStorageKeys.profileRedirectCount, String(count + 1))
  rememberProfileReturn(sessionStorage, returnTo)
  return profileCompletionPath(profile.id, profile.email)
}

/**
 * Where a person at `location` was going: on a sign-in page or the OAuth return, its `redirect`
 * query (null without one); on any other page, that page.
 */
export function returnTargetOf(location: Pick<LocationSnapshot, 'pathname' | 'search'>): string | null {
  if (location.pathname.includes('/sign/') || location.pathname === routes.authCallback) {
    return new URLSearchParams(location.search).get('redirect')
  }
  return `${location.pathname}${location.search}`
}

/** Keeps where to go after the completion page (session storage; null forgets it). */
export function rememberProfileReturn(sessionStorage: KeyValueStorage, target: string | null): void {
  if (target) sessionStorage.set(sessionStorageKeys.profileReturnTo, target)
  else sessionStorage.remove(sessionStorageKeys.profileReturnTo)
}

/**
 * Where the completion page sends the person when it is done (or skipped): the kept target, made
 * safe (a path of this app, never under /sign/), else `/`. Read once: it is forgotten here.
 */
export function takeProfileReturnTarget(sessionStorage: KeyValueStorage, origin: string): string {
  const kept = sessionStorage.get(sessionStorageKeys.profileReturnTo)
  sessionStorage.remove(sessionStorageKeys.profileReturnTo)
  return afterSignInTarget(safeRedirectPath(kept, origin))
}
