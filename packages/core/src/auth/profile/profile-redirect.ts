import { PROFILE_REDIRECT_LIMIT } from '../../kernel/constants.ts'
import type { KeyValueStorage } from '../../kernel/ports.ts'
import { routes, suppressesAuthRedirect } from '../../kernel/routes.ts'
import { sessionStorageKeys } from '../../kernel/storage-keys.ts'
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
 * is already making.
 */
export function takeProfileRedirect(
  profile: UserProfile,
  sessionStorage: KeyValueStorage,
  currentPath: string,
): string | null {
  if (profile.hasProfile || suppressesAuthRedirect(currentPath)) return null
  const count = redirectCount(sessionStorage)
  if (count >= PROFILE_REDIRECT_LIMIT) return null
  sessionStorage.set(sessionStorageKeys.profileRedirectCount, String(count + 1))
  return profileCompletionPath(profile.id, profile.email)
}
