import type { RevocationReason } from '@coursekit/core/contract'

/** One signed-in device of one user, as the server tracks it. */
export interface DeviceSession {
  readonly id: string
  readonly userId: string
  userAgent: string
  readonly createdAt: number
  lastSeenAt: number
  isWatchingVideo: boolean
  videoId: string | null
  /** When the current watch began on the server's clock; null when not watching. */
  watchStartedAt: number | null
  /** The client's own time of the last user activity, as a batch reported it. */
  lastActivityAt: number | null
  /** Creation order, so sessions created in the same millisecond still have one oldest. */
  readonly seq: number
}

/** Why a session stopped: every reason of the contract except 'unknown', which means "never seen". */
export type EndReason = Exclude<RevocationReason, 'unknown'>

/** A batch's field updates (session-tracker batch-update). */
export interface SessionUpdates {
  isWatchingVideo?: boolean | undefined
  videoId?: string | null | undefined
  userAgent?: string | undefined
  lastActivityAt?: number | undefined
}

/** Watching the same video again keeps the time its watch began. */
export function startWatching(session: DeviceSession, videoId: string, now: number): void {
  if (!session.isWatchingVideo || session.videoId !== videoId) session.watchStartedAt = now
  session.isWatchingVideo = true
  session.videoId = videoId
}

export function stopWatching(session: DeviceSession): void {
  session.isWatchingVideo = false
  session.videoId = null
  session.watchStartedAt = null
}
