import type { Clock } from '../../kernel/clock.ts'
import type { EventEmitter, Notice } from '../../kernel/emitter.ts'
import { decisionMessages } from '../../kernel/messages.ts'
import type { KeyValueStorage } from '../../kernel/ports.ts'
import { routes } from '../../kernel/routes.ts'
import { storageKeys } from '../../kernel/storage-keys.ts'
import type { AuthActionResult } from '../auth-command-results.ts'
import type { AuthEvents } from '../auth-events.ts'
import type { AuthFlowDeps } from '../auth-flow-deps.ts'
import type { OAuthProvider } from './oauth-sign-in.ts'

/** The conflict's address and the provider that was refused for it. */
export interface AccountLinkRequest {
  email: string
  provider: OAuthProvider
}

/** A link waits this long for the sign-in (a legacy account's move includes confirming an e-mail). */
const PENDING_LINK_MS = 60 * 60_000

const linkedMessages: Record<OAuthProvider, string> = {
  GOOGLE: decisionMessages.googleAccountLinked,
  KAKAO: decisionMessages.kakaoAccountLinked,
}

/**
 * "로그인 후 계정 연결하기" after ACCOUNT_CONFLICT: the refused provider is kept (local storage, so
 * the e-mail confirmation of a legacy account's move may open in another tab), the person signs in
 * with the account that owns the address, and that sign-in adds the provider to it
 * (PATCH users/{id}/oauth-providers). The next Google or Kakao sign-in then lands in that account.
 * A sign-in of another address drops the request.
 */
export function createAccountLink(deps: {
  storage: KeyValueStorage
  clock: Clock
  events: EventEmitter<AuthEvents>
  addOAuthProvider(provider: OAuthProvider): Promise<AuthActionResult>
  notify(notice: Notice): void
  navigate: AuthFlowDeps['navigate']
}): { linkAfterSignIn(request: AccountLinkRequest): string; dispose(): void } {
  const { storage, clock } = deps

  function takePending(): (AccountLinkRequest & { since: number }) | null {
    const raw = storage.get(storageKeys.accountLinkPending)
    if (raw === null) return null
    storage.remove(storageKeys.accountLinkPending)
    try {
      const pending = JSON.parse(raw) as AccountLinkRequest & { since: number }
      const fresh = typeof pending.since === 'number' && clock.now() - pending.since < PENDING_LINK_MS
      const known = pending.provider === 'GOOGLE' || pending.provider === 'KAKAO'
      return fresh && known && typeof pending.email === 'string' ? pending : null
    } catch {
      return null
    }
  }

  const stop = deps.events.subscribe('signedIn', ({ user, restored }) => {
    if (restored) return
    const pending = takePending()
    if (!pending || normalise(user.email ?? '') !== normalise(pending.email)) return
    void deps.addOAuthProvider(pending.provider).then((result) => {
      deps.notify(
        result.status === 'ok'
          ? { kind: 'success', message: linkedMessages[pending.provider] }
          : { kind: 'error', message: decisionMessages.accountLinkFailed },
      )
    })
  })

  return {
    linkAfterSignIn(request) {
      const pending = { email: normalise(request.email), provider: request.provider, since: clock.now() }
      storage.set(storageKeys.accountLinkPending, JSON.stringify(pending))
      deps.navigate(routes.signIn)
      return routes.signIn
    },
    dispose: stop,
  }
}

function normalise(email: string): string {
  return email.trim().toLowerCase()
}
