import * as z from 'zod/mini'
import { IsoDateTime } from './common.ts'

const SessionId = z.string().check(z.minLength(1), z.maxLength(256))
const VideoId = z.string().check(z.minLength(1), z.maxLength(256))

/** What a person needs to recognise one of their devices. */
export const DeviceInfo = z.looseObject({
  sessionId: z.string(),
  userAgent: z.string(),
  createdAt: IsoDateTime,
  lastSeenAt: IsoDateTime,
  isWatchingVideo: z.boolean(),
  videoId: z.nullable(z.string()),
})
export type DeviceInfo = z.infer<typeof DeviceInfo>

/** Device list item of spec section 3: id, isOldest, device. */
export const DeviceListItem = z.looseObject({
  id: z.string(),
  isOldest: z.boolean(),
  device: DeviceInfo,
})
export type DeviceListItem = z.infer<typeof DeviceListItem>

/**
 * The server's view of this device, sent with every session-tracker success. A client may trust it
 * for SERVER_STATE_HINT_TTL_MS instead of asking again.
 */
export const ServerStateHint = z.looseObject({
  sessionId: z.string(),
  isWatchingVideo: z.boolean(),
  videoId: z.nullable(z.string()),
  activeSessions: z.number(),
  serverTime: IsoDateTime,
})
export type ServerStateHint = z.infer<typeof ServerStateHint>

export const RegisterSessionRequest = z.object({
  sessionId: SessionId,
  userAgent: z.string().check(z.maxLength(2048)),
})
export type RegisterSessionRequest = z.infer<typeof RegisterSessionRequest>

export const RegisterSessionResponse = z.looseObject({
  success: z.literal(true),
  sessionId: z.string(),
  /** False when the id was already registered (a reload): no new slot was taken. */
  created: z.optional(z.boolean()),
  canForceLogout: z.boolean(),
  sessions: z.array(DeviceListItem),
  serverState: ServerStateHint,
})
export type RegisterSessionResponse = z.infer<typeof RegisterSessionResponse>

/** 403 body when the user is at the device limit. */
export const DeviceLimitBody = z.looseObject({
  error: z.string(),
  message: z.string(),
  code: z.literal('DEVICE_LIMIT_REACHED'),
  canForceLogout: z.boolean(),
  sessions: z.array(DeviceListItem),
  deviceLimit: z.optional(z.number()),
})
export type DeviceLimitBody = z.infer<typeof DeviceLimitBody>

export const SessionIdRequest = z.object({ sessionId: SessionId })
export type SessionIdRequest = z.infer<typeof SessionIdRequest>

export const HeartbeatResponse = z.looseObject({
  success: z.literal(true),
  serverState: ServerStateHint,
})
export type HeartbeatResponse = z.infer<typeof HeartbeatResponse>

export const WatchRequest = z.object({ sessionId: SessionId, videoId: VideoId })
export type WatchRequest = z.infer<typeof WatchRequest>

export const WatchResponse = z.looseObject({
  success: z.literal(true),
  videoId: z.string(),
  serverState: ServerStateHint,
})
export type WatchResponse = z.infer<typeof WatchResponse>

/** 409 body of watch: the other device already watching. */
export const VideoConflictBody = z.looseObject({
  error: z.string(),
  message: z.string(),
  code: z.literal('VIDEO_CONFLICT'),
  device: DeviceInfo,
})
export type VideoConflictBody = z.infer<typeof VideoConflictBody>

export const EndWatchResponse = z.looseObject({
  success: z.literal(true),
  serverState: ServerStateHint,
})
export type EndWatchResponse = z.infer<typeof EndWatchResponse>

/** Ending is idempotent: an unknown or already ended id is also a success, with ended false. */
export const EndSessionResponse = z.looseObject({
  success: z.literal(true),
  sessionId: z.string(),
  ended: z.optional(z.boolean()),
})
export type EndSessionResponse = z.infer<typeof EndSessionResponse>

export const TerminateOthersRequest = z.object({ videoId: VideoId, sessionId: SessionId })
export type TerminateOthersRequest = z.infer<typeof TerminateOthersRequest>

export const TerminateOthersResponse = z.looseObject({
  success: z.literal(true),
  terminated: z.number(),
  serverState: ServerStateHint,
})
export type TerminateOthersResponse = z.infer<typeof TerminateOthersResponse>

/** The fields a batch may change. Only the watch fields are retried after a failed batch. */
export const SessionUpdates = z.object({
  isWatchingVideo: z.optional(z.boolean()),
  videoId: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
  userAgent: z.optional(z.string().check(z.maxLength(2048))),
  lastActivityAt: z.optional(z.number()),
})
export type SessionUpdates = z.infer<typeof SessionUpdates>

export const BatchUpdateRequest = z.object({
  sessionId: SessionId,
  updates: SessionUpdates,
  timestamp: z.number(),
})
export type BatchUpdateRequest = z.infer<typeof BatchUpdateRequest>

export const BatchUpdateResponse = z.looseObject({
  success: z.literal(true),
  applied: z.array(z.string()),
  serverState: ServerStateHint,
})
export type BatchUpdateResponse = z.infer<typeof BatchUpdateResponse>

export const SessionListResponse = z.looseObject({ sessions: z.array(DeviceListItem) })
export type SessionListResponse = z.infer<typeof SessionListResponse>

export const RemoveSessionResponse = z.looseObject({
  success: z.literal(true),
  removedSessionId: z.string(),
})
export type RemoveSessionResponse = z.infer<typeof RemoveSessionResponse>

/** force-logout frees a slot; with newSessionId the caller's new session takes it atomically. */
export const ForceLogoutResponse = z.looseObject({
  success: z.literal(true),
  removedSessionId: z.string(),
  registeredSessionId: z.nullable(z.string()),
  /** The registered session's state, when newSessionId was given. */
  serverState: z.optional(ServerStateHint),
})
export type ForceLogoutResponse = z.infer<typeof ForceLogoutResponse>

/** `admin`: an operator signed the device out from the admin area. */
export const RevocationReason = z.enum(['removed', 'forced', 'admin', 'ended', 'expired', 'unknown'])
export type RevocationReason = z.infer<typeof RevocationReason>

/** 401 body for a heartbeat or watch of a device that is no longer signed in. */
export const SessionRevokedBody = z.looseObject({
  error: z.string(),
  message: z.string(),
  code: z.literal('SESSION_REVOKED'),
  reason: RevocationReason,
})
export type SessionRevokedBody = z.infer<typeof SessionRevokedBody>
