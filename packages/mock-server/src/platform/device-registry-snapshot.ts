import { isoTime } from '../iso-time.ts'
import type { DeviceSession, EndReason } from './device-session.ts'
import type { Revocations } from './revocations.ts'

/** What the device registry believes, for GET /__dev/state and tests. */
export interface DeviceRegistrySnapshot {
  deviceLimit: number
  leaseMs: number
  liveSessions: number
  users: {
    userId: string
    sessions: {
      id: string
      userAgent: string
      createdAt: string
      lastSeenAt: string
      isWatchingVideo: boolean
      videoId: string | null
    }[]
    revoked: { id: string; reason: EndReason }[]
  }[]
}

/** Every user with live or revoked sessions; `list` gives a user's live sessions oldest first. */
export function snapshotOf(registry: {
  deviceLimit: number
  leaseMs: number
  userIds: Iterable<string>
  list(userId: string): DeviceSession[]
  revocations: Revocations
}): DeviceRegistrySnapshot {
  const userIds = new Set([...registry.userIds, ...registry.revocations.users()])
  const users = [...userIds].map((userId) => ({
    userId,
    sessions: registry.list(userId).map((session) => ({
      id: session.id,
      userAgent: session.userAgent,
      createdAt: isoTime(session.createdAt),
      lastSeenAt: isoTime(session.lastSeenAt),
      isWatchingVideo: session.isWatchingVideo,
      videoId: session.videoId,
    })),
    revoked: registry.revocations.of(userId),
  }))
  return {
    deviceLimit: registry.deviceLimit,
    leaseMs: registry.leaseMs,
    liveSessions: users.reduce((sum, user) => sum + user.sessions.length, 0),
    users: users.filter((user) => user.sessions.length > 0 || user.revoked.length > 0),
  }
}
