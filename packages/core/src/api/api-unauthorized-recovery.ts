import { signInReturningTo } from '../auth/flows/redirect-target.ts'
import type { ClientEvents, EventEmitter } from '../kernel/emitter.ts'
import { messages } from '../kernel/messages.ts'
import type { LocationPort } from '../kernel/ports.ts'
import { routes, suppressesAuthRedirect } from '../kernel/routes.ts'
import type { ApiAuthPort } from './api-auth-port.ts'

/**
 * What a token-bearing request that got a 401 should report:
 * - `refreshed`: the token was refreshed; the caller may try again;
 * - `expired`: the refresh failed; the user was told and signed out (unless a video plays);
 * - `unauthenticated`: nobody was signed in; the app was sent to sign-in;
 * - `logging-out`: a logout is already under way; nothing was done.
 */
export type RecoveryOutcome = 'refreshed' | 'expired' | 'unauthenticated' | 'logging-out'

/**
 * The 401 rules of spec section 4, with the refresh single-flight: however many requests fail
 * together, one refresh runs, and its toast, logout and redirect happen once. A request that went
 * out before a refresh finished learns that refresh's outcome instead of starting another.
 */
export class UnauthorizedRecovery {
  readonly #auth: () => ApiAuthPort
  readonly #events: EventEmitter<ClientEvents>
  readonly #location: LocationPort
  #flight: Promise<RecoveryOutcome> | null = null
  #generation = 0
  #lastOutcome: RecoveryOutcome = 'refreshed'

  constructor(deps: { auth: () => ApiAuthPort; events: EventEmitter<ClientEvents>; location: LocationPort }) {
    this.#auth = deps.auth
    this.#events = deps.events
    this.#location = deps.location
  }

  /** Read when a request goes out; hand it back to `recover` if that request gets a 401. */
  get generation(): number {
    return this.#generation
  }

  recover(sentAtGeneration: number): Promise<RecoveryOutcome> {
    const auth = this.#auth()
    // First: the logout's own requests (its POST, the work before sign-out) may get a 401 while the
    // refresh flight that started the logout is still waiting for it; joining that flight would
    // wait forever.
    if (auth.logoutInProgress) return Promise.resolve('logging-out')
    if (this.#flight) return this.#flight
    if (sentAtGeneration < this.#generation) return Promise.resolve(this.#lastOutcome)
    if (!auth.isAuthenticated()) {
      this.#redirectToSignIn(auth)
      return Promise.resolve('unauthenticated')
    }
    const flight = this.#refresh(auth).finally(() => {
      this.#flight = null
    })
    this.#flight = flight
    return flight
  }

  async #refresh(auth: ApiAuthPort): Promise<RecoveryOutcome> {
    let refreshed = false
    try {
      refreshed = await auth.refresh()
    } catch {
      refreshed = false
    }
    this.#generation++
    this.#lastOutcome = refreshed ? 'refreshed' : 'expired'
    if (!refreshed) await this.#expire(auth)
    return this.#lastOutcome
  }

  async #expire(auth: ApiAuthPort): Promise<void> {
    // Playback continues through a failed refresh: no toast, no logout, no redirect.
    if (auth.isVideoPlaying() || auth.logoutInProgress) return
    this.#events.emit('notice', { kind: 'error', message: messages.sessionExpired })
    try {
      await auth.logout()
    } catch {
      // The local sign-out is what matters; a failed server call must not keep the user in.
    }
    this.#redirectToSignIn(auth)
  }

  #redirectToSignIn(auth: ApiAuthPort): void {
    if (auth.isVideoPlaying()) return
    const here = this.#location.current()
    if (suppressesAuthRedirect(here.pathname) || here.pathname === routes.signIn) return
    this.#events.emit('navigate', { to: signInReturningTo(here), replace: false, delayMs: 0 })
  }
}
