import type { Clock } from '@coursekit/core/clock'
import { type DeviceRegistrySnapshot, snapshotOf } from './device-registry-snapshot.ts'
import type {
  Access,
  BatchResult,
  ForceLogoutResult,
  RegisterResult,
  TerminateResult,
  WatchResult,
} from './device-results.ts'
import {
  type DeviceSession,
  type EndReason,
  type SessionUpdates,
  startWatching,
  stopWatching,
} from './device-session.ts'
import { Revocations } from './revocations.ts'

/** Revocations a device must hear about when it registers its id again (see DeviceRegistry.register). */
const SIGNED_OUT_ON_PURPOSE: ReadonlySet<EndReason> = new Set(['removed', 'forced', 'admin'])

export interface DeviceRegistryOptions {
  clock: Clock
  deviceLimit: number
  /** A session with no activity for this long has expired. */
  leaseMs: number
  /** Revoked ids remembered per user to tell a device why it was signed out. Default 64. */
  tombstonesPerUser?: number
}

/**
 * The server side of the device limit. Every method is synchronous: a check of the limit and the
 * insert that follows cannot interleave with another request, which is what makes the limit hold
 * when many registrations race.
 *
 * Leases are evaluated lazily from the clock: a session whose lastSeenAt is more than leaseMs in the
 * past is expired the next time anything looks at its user, so no timers run and a simulated clock
 * works.
 */
export class DeviceRegistry {
  readonly #clock: Clock
  readonly #deviceLimit: number
  readonly #leaseMs: number
  readonly #sessions = new Map<string, DeviceSession>()
  readonly #byUser = new Map<string, Map<string, DeviceSession>>()
  readonly #revocations: Revocations
  #seq = 0

  constructor(options: DeviceRegistryOptions) {
    this.#clock = options.clock
    this.#deviceLimit = options.deviceLimit
    this.#leaseMs = options.leaseMs
    this.#revocations = new Revocations(options.tombstonesPerUser ?? 64)
  }

  get deviceLimit(): number {
    return this.#deviceLimit
  }

  /**
   * Registers or refreshes a device. A reload re-registers the same id and takes no new slot. An id
   * that someone signed out on purpose (removed, forced out, signed out by an admin) is refused with
   * its reason, so a device that was closed meanwhile learns on its next start that it was signed
   * out instead of registering as a new device; an ended or expired id registers again (sign-out
   * forgets its id, and a device back after its lease ran out is welcome).
   */
  register(userId: string, sessionId: string, userAgent: string): RegisterResult {
    const now = this.#clock.now()
    const existing = this.#liveById(sessionId, now)
    if (existing && existing.userId !== userId) return { kind: 'foreign' }
    if (existing) {
      existing.lastSeenAt = now
      existing.userAgent = userAgent
      return { kind: 'registered', session: existing, created: false }
    }
    const revokedFor = this.#revocations.reasonFor(userId, sessionId)
    if (revokedFor !== undefined && SIGNED_OUT_ON_PURPOSE.has(revokedFor))
      return { kind: 'revoked', reason: revokedFor }
    const live = this.list(userId)
    if (live.length >= this.#deviceLimit) return { kind: 'limit', sessions: live }
    return { kind: 'registered', session: this.#insert(userId, sessionId, userAgent, now), created: true }
  }

  heartbeat(userId: string, sessionId: string): Access {
    return this.#own(userId, sessionId)
  }

  /** Watching is exclusive per user: another live session that is watching blocks it. */
  watch(userId: string, sessionId: string, videoId: string): WatchResult {
    const access = this.#own(userId, sessionId)
    if (access.kind !== 'ok') return access
    const other = this.#otherWatcher(access.session)
    if (other) return { kind: 'conflict', other }
    startWatching(access.session, videoId, this.#clock.now())
    return access
  }

  endWatch(userId: string, sessionId: string): Access {
    const access = this.#own(userId, sessionId)
    if (access.kind === 'ok') stopWatching(access.session)
    return access
  }

  /** Ends the watches of the user's other sessions; they stay signed in. */
  terminateOthers(userId: string, sessionId: string): TerminateResult {
    const access = this.#own(userId, sessionId)
    if (access.kind !== 'ok') return access
    let terminated = 0
    for (const other of this.list(userId)) {
      if (other.id === sessionId || !other.isWatchingVideo) continue
      stopWatching(other)
      terminated++
    }
    return { kind: 'ok', session: access.session, terminated }
  }

  /**
   * Applies a batch of field updates. The watch fields follow the exclusivity rule of watch; a
   * conflicting or invalid batch changes nothing but the lease.
   */
  batchUpdate(userId: string, sessionId: string, updates: SessionUpdates): BatchResult {
    const access = this.#own(userId, sessionId)
    if (access.kind !== 'ok') return access
    const session = access.session
    const videoGiven = updates.videoId !== undefined
    const watching = updates.isWatchingVideo ?? (videoGiven ? updates.videoId !== null : session.isWatchingVideo)
    const videoId = watching ? (videoGiven ? (updates.videoId ?? null) : session.videoId) : null
    if (watching && videoId === null) return { kind: 'invalid', message: 'isWatchingVideo true needs a videoId' }
    if (watching) {
      const other = this.#otherWatcher(session)
      if (other) return { kind: 'conflict', other }
    }
    if (watching && videoId !== null) startWatching(session, videoId, this.#clock.now())
    else stopWatching(session)
    if (updates.userAgent !== undefined) session.userAgent = updates.userAgent
    if (updates.lastActivityAt !== undefined) session.lastActivityAt = updates.lastActivityAt
    const applied = (Object.keys(updates) as (keyof SessionUpdates)[]).filter((key) => updates[key] !== undefined)
    return { kind: 'ok', session, applied }
  }

  /** Ends a session by id alone (the beacon has no token). False when there was no such live session. */
  end(sessionId: string): boolean {
    const session = this.#liveById(sessionId, this.#clock.now())
    if (!session) return false
    this.#revoke(session, 'ended')
    return true
  }

  /** Signs any live session out from the admin area; null when there is no such live session. */
  signOut(sessionId: string): DeviceSession | null {
    const session = this.#liveById(sessionId, this.#clock.now())
    if (!session) return null
    this.#revoke(session, 'admin')
    return session
  }

  /**
   * For tests of one device among many on a shared server: as if the server had heard nothing from
   * the live session for `ms` longer (its last contact moves back by `ms`), so its lease runs out
   * without moving the clock under every other session. Null when there is no such live session.
   */
  backdate(sessionId: string, ms: number): DeviceSession | null {
    const session = this.#liveById(sessionId, this.#clock.now())
    if (!session) return null
    session.lastSeenAt -= ms
    return session
  }

  /**
   * Drops a live session leaving no reason behind, as a backend restart that lost its sessions does:
   * the device's next call hears SESSION_REVOKED with reason `unknown`. Null when there is no such
   * live session.
   */
  forget(sessionId: string): DeviceSession | null {
    const session = this.#liveById(sessionId, this.#clock.now())
    if (!session) return null
    this.#revoke(session, 'ended')
    this.#revocations.forget(session.userId, session.id)
    return session
  }

  /** Every user's live sessions, once those whose lease ran out are revoked. */
  allLive(): DeviceSession[] {
    const live: DeviceSession[] = []
    for (const userId of [...this.#byUser.keys()]) live.push(...(this.#sweep(userId)?.values() ?? []))
    return live
  }

  /** Removes one of the caller's own live sessions; anything else is not found. */
  remove(userId: string, sessionId: string): DeviceSession | null {
    const session = this.#liveById(sessionId, this.#clock.now())
    if (!session || session.userId !== userId) return null
    this.#revoke(session, 'removed')
    return session
  }

  /**
   * Signs one of the caller's sessions out and, with a new session id, registers the caller's new
   * device in the freed slot in the same step, so no other device can take it in between.
   */
  forceLogout(userId: string, sessionId: string, newSession?: { id: string; userAgent: string }): ForceLogoutResult {
    const now = this.#clock.now()
    const target = this.#liveById(sessionId, now)
    if (!target || target.userId !== userId) return { kind: 'not-found' }
    if (newSession?.id === sessionId) return { kind: 'same-id' }
    const existingNew = newSession ? this.#liveById(newSession.id, now) : undefined
    if (existingNew && existingNew.userId !== userId) return { kind: 'foreign-new' }
    this.#revoke(target, 'forced')
    if (!newSession) return { kind: 'done', removed: target, registered: null }
    if (existingNew) {
      existingNew.lastSeenAt = now
      existingNew.userAgent = newSession.userAgent
      return { kind: 'done', removed: target, registered: existingNew }
    }
    const registered = this.#insert(userId, newSession.id, newSession.userAgent, now)
    return { kind: 'done', removed: target, registered }
  }

  /** The user's live sessions, oldest first. */
  list(userId: string): DeviceSession[] {
    const own = this.#sweep(userId)
    if (!own) return []
    return [...own.values()].sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq)
  }

  /** How many live sessions the user has (every answer's serverState tells), without listing them. */
  liveCount(userId: string): number {
    return this.#sweep(userId)?.size ?? 0
  }

  /** What the server believes, for GET /__dev/state and tests. Expires what is due first. */
  snapshot(): DeviceRegistrySnapshot {
    return snapshotOf({
      deviceLimit: this.#deviceLimit,
      leaseMs: this.#leaseMs,
      userIds: [...this.#byUser.keys()],
      list: (userId) => this.list(userId),
      revocations: this.#revocations,
    })
  }

  /** The user's sessions, once those whose lease ran out are revoked. */
  #sweep(userId: string): ReadonlyMap<string, DeviceSession> | undefined {
    const own = this.#byUser.get(userId)
    if (!own) return undefined
    const now = this.#clock.now()
    // Deleting the entry being visited is safe: a Map iterator moves on to the entries still there.
    for (const session of own.values()) if (this.#expired(session, now)) this.#revoke(session, 'expired')
    return own
  }

  /** The caller's own live session, touched; or why it is not one. */
  #own(userId: string, sessionId: string): Access {
    const session = this.#liveById(sessionId, this.#clock.now())
    if (session && session.userId !== userId) return { kind: 'foreign' }
    if (!session) return { kind: 'revoked', reason: this.#revocations.reasonFor(userId, sessionId) ?? 'unknown' }
    session.lastSeenAt = this.#clock.now()
    return { kind: 'ok', session }
  }

  #otherWatcher(session: DeviceSession): DeviceSession | undefined {
    return this.list(session.userId).find((other) => other.id !== session.id && other.isWatchingVideo)
  }

  #liveById(sessionId: string, now: number): DeviceSession | undefined {
    const session = this.#sessions.get(sessionId)
    if (!session) return undefined
    if (!this.#expired(session, now)) return session
    this.#revoke(session, 'expired')
    return undefined
  }

  #expired(session: DeviceSession, now: number): boolean {
    return now - session.lastSeenAt > this.#leaseMs
  }

  #insert(userId: string, sessionId: string, userAgent: string, now: number): DeviceSession {
    const session: DeviceSession = {
      id: sessionId,
      userId,
      userAgent,
      createdAt: now,
      lastSeenAt: now,
      isWatchingVideo: false,
      videoId: null,
      watchStartedAt: null,
      lastActivityAt: null,
      seq: this.#seq++,
    }
    this.#sessions.set(sessionId, session)
    let own = this.#byUser.get(userId)
    if (!own) {
      own = new Map()
      this.#byUser.set(userId, own)
    }
    own.set(sessionId, session)
    this.#revocations.forget(userId, sessionId)
    return session
  }

  #revoke(session: DeviceSession, reason: EndReason): void {
    this.#sessions.delete(session.id)
    const own = this.#byUser.get(session.userId)
    own?.delete(session.id)
    if (own?.size === 0) this.#byUser.delete(session.userId)
    this.#revocations.record(session.userId, session.id, reason)
  }
}
