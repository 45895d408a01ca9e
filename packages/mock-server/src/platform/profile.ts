import type { Provider } from '@coursekit/core/contract'
import type { PlatformUser } from '../users.ts'

/** Spec section 4: complete only when name, nickname and phone are all non-blank. */
export function hasCompleteProfile(user: PlatformUser): boolean {
  return [user.name, user.nickname, user.phone].every((field) => field !== null && field.trim() !== '')
}

/** Adds a provider once; true when it was new. */
export function addProvider(user: PlatformUser, provider: Provider): boolean {
  if (user.oauthProviders.includes(provider)) return false
  user.oauthProviders = [...user.oauthProviders, provider]
  return true
}

export const PROVIDER_LABELS: Record<Provider, string> = { EMAIL: '이메일', GOOGLE: '구글', KAKAO: '카카오' }
