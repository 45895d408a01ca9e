import type { BackendClock } from '../clock.ts'
import { randomHex } from '../users.ts'
import { FlowStateStore } from './flow-states.ts'
import { OneTimeTokenStore } from './one-time-tokens.ts'

/** GoTrue's authentication methods, as they appear in the `amr` claim. */
export type AuthMethod = 'password' | 'otp' | 'oauth' | 'email/signup' | 'recovery' | 'email_change'

export interface AuthSession {
  id: string
  userId: string
  createdAt: number
  refreshedAt: number | null
  amr: { method: AuthMethod; timestamp: number }[]
}

export type RefreshOutcome =
  | { kind: 'rotated'; session: AuthSession; refreshToken: string }
  | { kind: 'not_found' }
  | { kind: 'already_used' }

export type SignOutScope = 'global' | 'local' | 'others'

interface RefreshTokenRecord {
  sessionId: string
  revoked: boolean
}

/**
 * The auth stand-in's server state besides users: GoTrue sessions with their rotating refresh
 * tokens, PKCE flow states and the one-time tokens of e-mail links.
 */
export class AuthSessionStore {
  readonly #clock: BackendClock
  readonly #sessions = new Map<string, AuthSession>()
  readonly #refreshTokens = new Map<string, RefreshTokenRecord>()
  /** Every refresh token a session was given, so ending it forgets them all. */
  readonly #tokensBySession = new Map<string, string[]>()
  readonly flowStates: FlowStateStore
  readonly oneTimeTokens: OneTimeTokenStore

  constructor(clock: BackendClock) {
    this.#clock = clock
    this.flowStates = new FlowStateStore(clock)
    this.oneTimeTokens = new OneTimeTokenStore(clock)
  }

  /** A new session for a sign-in, with its first refresh token. */
  start(userId: string, method: AuthMethod): { session: AuthSession; refreshToken: string } {
    const now = this.#clock.now()
    const session: AuthSession = {
      id: crypto.randomUUID(),
      userId,
      createdAt: now,
      refreshedAt: null,
      amr: [{ method, timestamp: Math.floor(now / 1000) }],
    }
    this.#sessions.set(session.id, session)
    this.#tokensBySession.set(session.id, [])
    return { session, refreshToken: this.#issueRefreshToken(session.id) }
  }

  get(sessionId: string): AuthSession | undefined {
    return this.#sessions.get(sessionId)
  }

  forUser(userId: string): AuthSession[] {
    return [...this.#sessions.values()].filter((session) => session.userId === userId)
  }

  /**
   * Rotates a refresh token: the presented one is spent, a new one is returned. Presenting a spent
   * token again is treated as theft, as GoTrue does: every token of that session is revoked, so
   * whoever holds the newer one must sign in again. There is no reuse interval.
   */
  refresh(refreshToken: string): RefreshOutcome {
    const record = this.#refreshTokens.get(refreshToken)
    const session = record && this.#sessions.get(record.sessionId)
    if (!record || !session) return { kind: 'not_found' }
    if (record.revoked) {
      for (const token of this.#tokensBySession.get(session.id) ?? []) {
        const sibling = this.#refreshTokens.get(token)
        if (sibling) sibling.revoked = true
      }
      return { kind: 'already_used' }
    }
    record.revoked = true
    session.refreshedAt = this.#clock.now()
    return { kind: 'rotated', session, refreshToken: this.#issueRefreshToken(session.id) }
  }

  /**
   * Ends sessions as POST /logout does: `global` all of the user's, `local` only the current one,
   * `others` all but the current one. Without a current session every scope ends them all.
   * Returns how many sessions ended.
   */
  signOut(userId: string, currentSessionId: string | null, scope: SignOutScope): number {
    const ended = this.forUser(userId).filter((session) => {
      if (currentSessionId === null || scope === 'global') return true
      return scope === 'local' ? session.id === currentSessionId : session.id !== currentSessionId
    })
    for (const session of ended) this.end(session.id)
    return ended.length
  }

  /** Deletes a session and its refresh tokens; access tokens naming it stop working at /auth/v1/user. */
  end(sessionId: string): void {
    for (const token of this.#tokensBySession.get(sessionId) ?? []) this.#refreshTokens.delete(token)
    this.#tokensBySession.delete(sessionId)
    this.#sessions.delete(sessionId)
  }

  /** What /__dev/state may show: sessions without any token. */
  snapshot(): { id: string; userId: string; createdAt: number; refreshedAt: number | null }[] {
    return [...this.#sessions.values()].map(({ id, userId, createdAt, refreshedAt }) => ({
      id,
      userId,
      createdAt,
      refreshedAt,
    }))
  }

  #issueRefreshToken(sessionId: string): string {
    const token = randomHex(16)
    this.#refreshTokens.set(token, { sessionId, revoked: false })
    this.#tokensBySession.get(sessionId)?.push(token)
    return token
  }
}
