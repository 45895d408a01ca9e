import {
  type AdminSessionsFilter,
  type AdminSessionsResult,
  type AdminSessionsSnapshot,
  type AdminSignOutResult,
  createAdminSessionsObserver,
} from '@coursekit/core'
import type { AdminDeviceSession, DeviceType } from '@coursekit/core/contract'
import { classifyUserAgent, koreanRelativeTime } from '@coursekit/core/display'
import { useMemo, useSyncExternalStore } from 'react'
import { useCourseClient } from '../course-client-context.ts'

/** One live device as an operator reads it. */
export interface AdminSessionRow extends AdminDeviceSession {
  /** Chrome, Safari, KakaoTalk, ... ('Other' when unknown). */
  browser: string
  /** Windows, macOS, iOS, Android, ... ('Other' when unknown). */
  os: string
  deviceType: DeviceType
  /** e.g. "Chrome · Windows". */
  deviceName: string
  /** Who, as a person reads it: nickname, else name, else e-mail, else the id. */
  userLabel: string
  /** lastSeenAt in Korean relative time: 지금, 5분 전, ... */
  lastSeen: string
  /** signedInAt in Korean relative time. */
  signedIn: string
  /** watchingSince in Korean relative time; null when not watching. */
  watchingFor: string | null
}

export interface AdminSessionsView extends Omit<AdminSessionsSnapshot, 'sessions'> {
  sessions: readonly AdminSessionRow[]
  refresh(): Promise<AdminSessionsResult>
  setFilter(filter: Partial<AdminSessionsFilter>): Promise<AdminSessionsResult>
  signOut(sessionId: string): Promise<AdminSignOutResult>
}

/**
 * The admin area's table of the platform's live device sessions (decisions.md, "The admin area").
 * The `/admin` page guards itself with `useRoleGate('ADMIN')` and renders, from this hook:
 * - a row per `sessions` item: `userLabel` and `user.email`, `deviceName`, `lesson?.lessonTitle`
 *   (`lesson?.courseTitle`) with `watchingFor`, `signedIn` and `lastSeen`; a skeleton while
 *   `status === 'loading'`, `error` when `status` is `error` or `forbidden`;
 * - a search box bound to `setFilter({ query })` and a "시청 중만" toggle to `setFilter({ watchingOnly })`;
 * - a "로그아웃" button per row calling `signOut(row.sessionId)` (disabled while the id is in
 *   `signingOut`); the core toasts the outcome, the row goes, and that device is told why within one
 *   heartbeat interval.
 * The list is read when the page mounts and every 30 s on the client's clock while it stays mounted.
 */
export function useAdminSessions(): AdminSessionsView {
  const client = useCourseClient()
  // Creating an observer has no effect until it is subscribed, so a discarded one costs nothing.
  const observer = useMemo(
    () =>
      createAdminSessionsObserver({
        api: client.api,
        queries: client.queries,
        clock: client.clock,
        events: client.events,
      }),
    [client],
  )
  const snapshot = useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getSnapshot)
  const rows = useMemo(
    () => snapshot.sessions.map((session) => describeAdminSession(session, client.clock.now())),
    [snapshot.sessions, client],
  )
  return {
    ...snapshot,
    sessions: rows,
    refresh: observer.refresh,
    setFilter: observer.setFilter,
    signOut: observer.signOut,
  }
}

function describeAdminSession(session: AdminDeviceSession, nowMs: number): AdminSessionRow {
  const { browser, os, deviceType } = classifyUserAgent(session.userAgent)
  const relative = (iso: string) => {
    const ms = Date.parse(iso)
    return Number.isNaN(ms) ? iso : koreanRelativeTime(ms, nowMs)
  }
  const { user } = session
  return {
    ...session,
    browser,
    os,
    deviceType,
    deviceName: `${browser} · ${os}`,
    userLabel: user.nickname || user.name || user.email || user.id,
    lastSeen: relative(session.lastSeenAt),
    signedIn: relative(session.signedInAt),
    watchingFor: session.watchingSince === null ? null : relative(session.watchingSince),
  }
}
