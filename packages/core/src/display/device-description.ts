import { classifyUserAgent } from '../analytics/user-agent-classifier.ts'
import type { DeviceType } from '../contract/analytics.ts'
import type { DeviceInfo, DeviceListItem } from '../contract/session-tracker.ts'
import { koreanRelativeTime } from './korean-relative-time.ts'

/** What a person needs to recognise one of their devices. */
export interface DeviceDescription {
  sessionId: string
  userAgent: string
  /** Chrome, Safari, KakaoTalk, LINE, Samsung Internet, ... ('Other' when unknown). */
  browser: string
  /** Windows, macOS, iOS, iPadOS, Android, ... ('Other' when unknown). */
  os: string
  deviceType: DeviceType
  /** e.g. "Chrome · Windows". */
  name: string
  isWatchingVideo: boolean
  videoId: string | null
  createdAt: string
  lastSeenAt: string
  /** lastSeenAt in Korean relative time: 지금, 5분 전, 어제, ... */
  lastSeen: string
}

/** A device of the user's list, described. */
export interface DeviceSummary extends DeviceDescription {
  id: string
  isOldest: boolean
  /** This very device (its session id is this client's). */
  isCurrent: boolean
}

/** `nowMs`: the client's clock (`client.clock.now()`). */
export function describeDevice(device: DeviceInfo, nowMs: number): DeviceDescription {
  const { browser, os, deviceType } = classifyUserAgent(device.userAgent)
  const lastSeenMs = Date.parse(device.lastSeenAt)
  return {
    sessionId: device.sessionId,
    userAgent: device.userAgent,
    browser,
    os,
    deviceType,
    name: `${browser} · ${os}`,
    isWatchingVideo: device.isWatchingVideo,
    videoId: device.videoId,
    createdAt: device.createdAt,
    lastSeenAt: device.lastSeenAt,
    lastSeen: Number.isNaN(lastSeenMs) ? device.lastSeenAt : koreanRelativeTime(lastSeenMs, nowMs),
  }
}

export function summarizeDevice(item: DeviceListItem, nowMs: number, currentSessionId: string | null): DeviceSummary {
  return {
    ...describeDevice(item.device, nowMs),
    id: item.id,
    isOldest: item.isOldest,
    isCurrent:
      currentSessionId !== null && (item.id === currentSessionId || item.device.sessionId === currentSessionId),
  }
}
