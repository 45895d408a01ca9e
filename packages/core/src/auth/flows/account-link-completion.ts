import type { Clock } from '../../kernel/clock.ts'
import type { Notice } from '../../kernel/emitter.ts'
import { decisionMessages } from '../../kernel/messages.ts'
import type { KeyValueStorage } from '../../kernel/ports.ts'
import { storageKeys } from '../../kernel/storage-keys.ts'
import type { AuthActionResult } from '../auth-command-results.ts'
import { normaliseAddress, type PendingAccountLink } from './account-link.ts'
import type { OAuthProvider } from './oauth-sign-in.ts'

/** A link waits this long for the sign-in (a legacy account's move includes confirming an e-mail). */
const PENDING_LINK_MS = 60 * 60_000

const linkedMessages: Record<OAuthProvider, string> = {
  GOOGLE: decisionMessages.googleAccountLinked,
  KAKAO: decisionMessages.kakaoAccountLinked,
}

/**
 * The end of "로그인 후 계정 연결하기" (account-link.ts), after a sign-in of `email`: the waiting link
 * is taken from storage, and if it is fresh and `email` owns it, its provider is added to the account
 * and the person told how that went.
 */
export async function completeAccountLink(
  deps: {
    storage: KeyValueStorage
    clock: Clock
    addOAuthProvider(provider: OAuthProvider): Promise<AuthActionResult>
    notify(notice: Notice): void
  },
  email: string,
): Promise<void> {
  const pending = takePending(deps.storage, deps.clock)
  if (!pending || normaliseAddress(email) !== normaliseAddress(pending.email)) return
  const result = await deps.addOAuthProvider(pending.provider)
  deps.notify(
    result.status === 'ok'
      ? { kind: 'success', message: linkedMessages[pending.provider] }
      : { kind: 'error', message: decisionMessages.accountLinkFailed },
  )
}

function takePending(storage: KeyValueStorage, clock: Clock): PendingAccountLink | null {
  const raw = storage.get(storageKeys.accountLinkPending)
  if (raw === null) return null
  storage.remove(storageKeys.accountLinkPending)
  try {
    const pending = JSON.parse(raw) as PendingAccountLink
    const fresh = typeof pending.since === 'number' && clock.now() - pending.since < PENDING_LINK_MS
    const known = pending.provider === 'GOOGLE' || pending.provider === 'KAKAO'
    return fresh && known && typeof pending.email === 'string' ? pending : null
  } catch {
    return null
  }
}
