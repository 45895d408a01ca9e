import type { Clock } from '../../kernel/clock.ts'
import type { EventEmitter } from '../../kernel/emitter.ts'
import type { KeyValueStorage } from '../../kernel/ports.ts'
import { routes } from '../../kernel/routes.ts'
import { storageKeys } from '../../kernel/storage-keys.ts'
import type { AuthEvents } from '../auth-events.ts'
import type { AuthFlowDeps } from '../auth-flow-deps.ts'
import type { OAuthProvider } from './oauth-sign-in.ts'

/** The conflict's address and the provider that was refused for it. */
export interface AccountLinkRequest {
  email: string
  provider: OAuthProvider
}

/** A link as it waits in local storage: its address normalised, and when it was asked for. */
export interface PendingAccountLink extends AccountLinkRequest {
  since: number
}

/**
 * "로그인 후 계정 연결하기" after ACCOUNT_CONFLICT: the refused provider is kept (local storage, so
 * the e-mail confirmation of a legacy account's move may open in another tab), the person signs in
 * with the account that owns the address, and that sign-in adds the provider to it
 * (PATCH users/{id}/oauth-providers, account-link-completion.ts). The next Google or Kakao sign-in
 * then lands in that account. A sign-in of another address drops the request.
 */
export function createAccountLink(deps: {
  storage: KeyValueStorage
  clock: Clock
  events: EventEmitter<AuthEvents>
  /**
   * A sign-in of `email` found a link waiting: it links it if the address is the link's, and drops
   * it either way. Its code loads only then (most sign-ins have no link waiting).
   */
  completeAfterSignIn(email: string): void
  navigate: AuthFlowDeps['navigate']
}): { linkAfterSignIn(request: AccountLinkRequest): string; dispose(): void } {
  const { storage, clock } = deps
  const stop = deps.events.subscribe('signedIn', ({ user, restored }) => {
    if (restored || storage.get(storageKeys.accountLinkPending) === null) return
    deps.completeAfterSignIn(user.email ?? '')
  })

  return {
    linkAfterSignIn(request) {
      const pending: PendingAccountLink = {
        email: normaliseAddress(request.email),
        provider: request.provider,
        since: clock.now(),
      }
      storage.set(storageKeys.accountLinkPending, JSON.stringify(pending))
      deps.navigate(routes.signIn)
      return routes.signIn
    },
    dispose: stop,
  }
}

/** Addresses compare without case or surrounding spaces. */
export function normaliseAddress(email: string): string {
  return email.trim().toLowerCase()
}
