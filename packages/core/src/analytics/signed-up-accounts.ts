import type { Platform } from '../kernel/ports.ts'
import { storageKeys } from '../kernel/storage-keys.ts'
import type { ConversionOutcome } from './analytics-public-types.ts'

/** The most accounts remembered: a shared computer's few, not a list that grows for ever. */
const SIGNED_UP_ACCOUNTS_KEPT = 20

/**
 * The signup conversion, once per account on this browser (spec sections 4 and 7): the accounts
 * counted are kept in storage, marked before sending so that another tab or a reload meanwhile does
 * not send it too, and unmarked when it was not recorded (a later sign-up moment may try again).
 */
export async function trackSignupOnce(
  platform: Platform,
  userId: string,
  trackConversion: () => Promise<ConversionOutcome>,
): Promise<ConversionOutcome> {
  const counted = signedUpAccounts(platform)
  if (counted.includes(userId)) return 'duplicate'
  saveSignedUpAccounts(platform, [...counted, userId])
  const outcome = await trackConversion()
  if (outcome !== 'tracked' && outcome !== 'duplicate') {
    saveSignedUpAccounts(
      platform,
      signedUpAccounts(platform).filter((id) => id !== userId),
    )
  }
  return outcome
}

function signedUpAccounts(platform: Platform): string[] {
  try {
    const kept: unknown = JSON.parse(platform.storage.get(storageKeys.signupConversions) ?? '[]')
    return Array.isArray(kept) ? kept.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

function saveSignedUpAccounts(platform: Platform, userIds: readonly string[]): void {
  platform.storage.set(storageKeys.signupConversions, JSON.stringify(userIds.slice(-SIGNED_UP_ACCOUNTS_KEPT)))
}
