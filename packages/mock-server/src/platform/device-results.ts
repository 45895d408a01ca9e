import type { RevocationReason } from '@coursekit/core/contract'
import type { DeviceSession } from './device-session.ts'

// What the device registry's calls answer: a value per outcome, never a throw.

/** A tracker call on a session id that is not the caller's live session. */
export type NotLive = { kind: 'revoked'; reason: RevocationReason } | { kind: 'foreign' }

export type Access = { kind: 'ok'; session: DeviceSession } | NotLive

export type RegisterResult =
  | { kind: 'registered'; session: DeviceSession; created: boolean }
  | { kind: 'limit'; sessions: DeviceSession[] }
  | NotLive

export type WatchResult = Access | { kind: 'conflict'; other: DeviceSession }

export type TerminateResult = { kind: 'ok'; session: DeviceSession; terminated: number } | NotLive

export type BatchResult =
  | { kind: 'ok'; session: DeviceSession; applied: string[] }
  | { kind: 'conflict'; other: DeviceSession }
  | { kind: 'invalid'; message: string }
  | NotLive

export type ForceLogoutResult =
  | { kind: 'done'; removed: DeviceSession; registered: DeviceSession | null }
  | { kind: 'not-found' }
  | { kind: 'foreign-new' }
  | { kind: 'same-id' }
