import type { Clock } from '@coursekit/core/clock'
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

/**
 * `refreshed`: the session goes on with `refreshToken` (a new one, or the active one when the
 * presented token was its parent); `already_used`: a spent token came back too late (theft).
 */
export type RefreshOutcome =
  | { kind: 'refreshed'; session: AuthSession; refreshToken: string }
  | { kind: 'not_found' }
  | { kind: 'already_used' }

export type SignOutScope = 'global' | 'local' | 'others'

/** GoTrue's REFRESH_TOKEN_REUSE_INTERVAL default: how long a spent refresh token may still be presented. */
export const REFRESH_TOKEN_REUSE_INTERVAL_MS = 10_000

interface RefreshTokenRecord {
  token: string
  sessionId: string
  /** The token this one was swapped for; null for a sign-in's first. */
  parent: string | null
  /** When it was spent (GoTrue's updated_at of a revoked token); null while it is live. */
  revokedAt: number | null
}

/**
 * The auth stand-in's server state besides users: GoTrue sessions with their rotating refresh
 * tokens, PKCE flow states and the one-time tokens of e-mail links.
 */
export class AuthSessionStore {
  readonly #clock: Clock
  readonly #sessions = new Map<string, AuthSession>()
  readonly #refreshTokens = new Map<string, RefreshTokenRecord>()
  /** Every refresh token a session was given, oldest first, so ending it forgets them all. */
  readonly #tokensBySession = new Map<string, RefreshTokenRecord[]>()
  readonly flowStates: FlowStateStore
  readonly oneTimeTokens: OneTimeTokenStore

  constructor(clock: Clock) {
    this.#clock = clock
    this.flowStates = new FlowStateStore(clock)
    this.oneTimeTokens = new OneTimeTokenStore(clock)
  }

  /**
   * A new session for a sign-in, with its first refresh token. `id` is for tokens a test signs
   * itself (testing's accessToken): a session already under that id ends first.
   */
  start(
    userId: string,
    method: AuthMethod,
    id: string = crypto.randomUUID(),
  ): { session: AuthSession; refreshToken: string } {
    const now = this.#clock.now()
    if (this.#sessions.has(id)) this.end(id)
    const session: AuthSession = {
      id,
      userId,
      createdAt: now,
      refreshedAt: null,
      amr: [{ method, timestamp: Math.floor(now / 1000) }],
    }
    this.#sessions.set(session.id, session)
    this.#tokensBySession.set(session.id, [])
    return { session, refreshToken: this.#issueRefreshToken(session.id, null) }
  }

  get(sessionId: string): AuthSession | undefined {
    return this.#sessions.get(sessionId)
  }

  forUser(userId: string): AuthSession[] {
    return [...this.#sessions.values()].filter((session) => session.userId === userId)
  }

  /**
   * Rotates a refresh token as GoTrue's refresh_token grant does (internal/api/token_refresh.go):
   * - a live token is spent and swapped for a new one;
   * - a spent token that is the parent of the session's active token (the newest live one) gets
   *   that active token back: the client never stored the answer to its refresh, or two tabs sent
   *   the same token at once;
   * - any other spent token, within the reuse interval of being spent, is swapped for a new one;
   * - later than that it is theft: every live token of the session is spent, and `already_used`.
   *   (Spending them stamps them too, so for one interval the newest can still be swapped, as in
   *   GoTrue.)
   */
  refresh(refreshToken: string): RefreshOutcome {
    const record = this.#refreshTokens.get(refreshToken)
    const session = record && this.#sessions.get(record.sessionId)
    if (!record || !session) return { kind: 'not_found' }
    const now = this.#clock.now()
    const tokens = this.#tokensBySession.get(session.id) ?? []
    let issued: RefreshTokenRecord | undefined
    if (record.revokedAt === null) record.revokedAt = now
    else {
      const active = tokens.findLast((token) => token.revokedAt === null)
      if (active?.parent === record.token) issued = active
      else if (now > record.revokedAt + REFRESH_TOKEN_REUSE_INTERVAL_MS) {
        for (const token of tokens) if (token.revokedAt === null) token.revokedAt = now
        return { kind: 'already_used' }
      }
    }
    session.refreshedAt = now
    return {
      kind: 'refreshed',
      session,
      refreshToken: issued?.token ?? this.#issueRefreshToken(session.id, record.token),
    }
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
    for (const { token } of this.#tokensBySession.get(sessionId) ?? []) this.#refreshTokens.delete(token)
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

  #issueRefreshToken(sessionId: string, parent: string | null): string {
    const record: RefreshTokenRecord = { token: randomHex(16), sessionId, parent, revokedAt: null }
    this.#refreshTokens.set(record.token, record)
    this.#tokensBySession.get(sessionId)?.push(record)
    return record.token
  }
}
