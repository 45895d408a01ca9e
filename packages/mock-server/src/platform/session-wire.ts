import type { DeviceInfo, DeviceListItem, RevocationReason, ServerStateHint } from '@coursekit/core/contract'
import { ErrorCode } from '@coursekit/core/contract'
import type { Context } from 'hono'
import { apiError } from '../http.ts'
import { isoTime } from '../iso-time.ts'
import type { NotLive } from './device-results.ts'
import type { DeviceSession } from './device-session.ts'
import type { DeviceRegistry } from './devices.ts'

/** Spec section 8's device-limit text. */
export const DEVICE_LIMIT_MESSAGE = '최대 기기 수에 도달했습니다.'
export const VIDEO_CONFLICT_MESSAGE = '다른 기기에서 동영상을 시청 중입니다.'
export const FOREIGN_SESSION_MESSAGE = '다른 사용자의 세션입니다.'
export const SESSION_NOT_FOUND_MESSAGE = '해당 기기 세션을 찾을 수 없습니다.'

/** What a signed-out device is told, per reason; 'unknown' reuses spec section 8's '세션 정보가 없습니다.'. */
export const REVOCATION_MESSAGES: Record<RevocationReason, string> = {
  removed: '다른 기기에서 이 기기를 제거했습니다. 다시 로그인해주세요.',
  forced: '다른 기기에서 이 기기를 강제 로그아웃했습니다.',
  admin: '관리자가 이 기기를 로그아웃했습니다. 다시 로그인해주세요.',
  ended: '이 기기의 세션이 종료되었습니다.',
  expired: '오랫동안 활동이 없어 이 기기의 세션이 만료되었습니다.',
  unknown: '세션 정보가 없습니다.',
}

export function deviceInfo(session: DeviceSession): DeviceInfo {
  return {
    sessionId: session.id,
    userAgent: session.userAgent,
    createdAt: isoTime(session.createdAt),
    lastSeenAt: isoTime(session.lastSeenAt),
    isWatchingVideo: session.isWatchingVideo,
    videoId: session.videoId,
  }
}

/** `sessions` must be oldest first, as DeviceRegistry.list returns them. */
export function deviceList(sessions: readonly DeviceSession[]): DeviceListItem[] {
  return sessions.map((session, index) => ({ id: session.id, isOldest: index === 0, device: deviceInfo(session) }))
}

export function serverState(devices: DeviceRegistry, session: DeviceSession, now: number): ServerStateHint {
  return {
    sessionId: session.id,
    isWatchingVideo: session.isWatchingVideo,
    videoId: session.videoId,
    activeSessions: devices.liveCount(session.userId),
    serverTime: isoTime(now),
  }
}

/** 401 SESSION_REVOKED ("this device was signed out") or 403 for another user's session. */
export function notLiveResponse(c: Context, result: NotLive): Response {
  if (result.kind === 'foreign') return apiError(c, 403, ErrorCode.forbidden, FOREIGN_SESSION_MESSAGE)
  return apiError(c, 401, ErrorCode.sessionRevoked, REVOCATION_MESSAGES[result.reason], { reason: result.reason })
}

export function videoConflictResponse(c: Context, other: DeviceSession): Response {
  return apiError(c, 409, ErrorCode.videoConflict, VIDEO_CONFLICT_MESSAGE, { device: deviceInfo(other) })
}
