import {
  createDeviceListObserver,
  type DeviceCommandResult,
  type DeviceListResult,
  type DeviceListSnapshot,
  type DeviceSummary,
  koreanRelativeTime,
  noDeviceSession,
  summarizeDevice,
} from '@coursekit/core'
import { useMemo, useSyncExternalStore } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { useClockNow } from './use-clock-now.ts'
import { useDeviceSession } from './use-device-session.ts'

export interface DevicesView extends Omit<DeviceListSnapshot, 'devices'> {
  /** False when the client has no device service. */
  available: boolean
  /** The user's devices, oldest first, each recognisable (browser, OS, last seen). */
  devices: readonly DeviceSummary[]
  /** When the list shown was read, in Korean relative time (지금, 2분 전); null before the first read. */
  fetched: string | null
  /** Reads the list from the server, past the core's 60 s cache. */
  refresh(): Promise<DeviceListResult | null>
  /** DELETE sessions/{id}; the list is read again after a success. */
  remove(id: string): Promise<DeviceCommandResult>
  /** Signs a device out (force-logout); the list is read again after a success. */
  forceLogout(sessionId: string): Promise<DeviceCommandResult>
  /** Ends the watches of the user's other devices; the list is read again after a success. */
  terminateOthers(videoId: string): Promise<DeviceCommandResult>
}

const idle: DeviceListSnapshot = {
  status: 'idle',
  devices: [],
  error: null,
  offline: false,
  fetchedAt: null,
  isFetching: false,
}
const subscribeNothing = () => () => {}
const idleSnapshot = () => idle
/** Without a device service there is no session to act for (세션 정보가 없습니다.). */
const unavailable = () => Promise.resolve(noDeviceSession())
const withoutService = {
  refresh: () => Promise.resolve(null),
  remove: unavailable,
  forceLogout: unavailable,
  terminateOthers: unavailable,
}

/** How often the relative times (last seen, fetched) are worked out again. */
const RELATIVE_TIME_TICK_MS = 10_000

/**
 * The signed-in user's devices with the commands that change them (the core's `DeviceListObserver`).
 * Relative times move on with the client's clock while the component is mounted.
 */
export function useDevices(): DevicesView {
  const client = useCourseClient()
  const { devices } = client
  // Creating an observer has no effect until it is subscribed, so a discarded one costs nothing.
  const observer = useMemo(() => devices && createDeviceListObserver(devices), [devices])
  const list = useSyncExternalStore(
    observer ? observer.subscribe : subscribeNothing,
    observer ? observer.getSnapshot : idleSnapshot,
    observer ? observer.getSnapshot : idleSnapshot,
  )
  const sessionId = useDeviceSession((state) => state.sessionId) ?? null
  const tick = useClockNow(RELATIVE_TIME_TICK_MS)
  // A list read since the last tick is not "in the future": now is at least when it was read.
  const now = Math.max(tick, list.fetchedAt ?? tick)
  const summaries = useMemo(
    () => list.devices.map((item) => summarizeDevice(item, now, sessionId)),
    [list.devices, now, sessionId],
  )
  const commands = observer ?? withoutService
  return {
    available: devices !== null,
    ...list,
    devices: summaries,
    fetched: list.fetchedAt === null ? null : koreanRelativeTime(list.fetchedAt, now),
    refresh: commands.refresh,
    remove: commands.remove,
    forceLogout: commands.forceLogout,
    terminateOthers: commands.terminateOthers,
  }
}
