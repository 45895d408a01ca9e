import {
  createDeviceListObserver,
  type DeviceCommandResult,
  type DeviceListResult,
  type DeviceListSnapshot,
} from '@coursekit/core'
import { type DeviceSummary, koreanRelativeTime, summarizeDevice } from '@coursekit/core/display'
import { useMemo, useSyncExternalStore } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { useClockNow } from './use-clock-now.ts'

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

/** How often the relative times (last seen, fetched) are worked out again. */
const RELATIVE_TIME_TICK_MS = 10_000

/**
 * The signed-in user's devices with the commands that change them: one subscription, to the core's
 * `DeviceListObserver`. Relative times move on with the client's clock while the component is mounted.
 */
export function useDevices(): DevicesView {
  const { devices, queries } = useCourseClient()
  // Creating an observer has no effect until it is subscribed, so a discarded one costs nothing.
  const observer = useMemo(() => createDeviceListObserver({ devices, queries }), [devices, queries])
  const list = useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getSnapshot)
  const tick = useClockNow(RELATIVE_TIME_TICK_MS)
  // A list read since the last tick is not "in the future": now is at least when it was read.
  const now = Math.max(tick, list.fetchedAt ?? tick)
  const summaries = useMemo(
    () => list.devices.map((item) => summarizeDevice(item, now, list.sessionId)),
    [list.devices, now, list.sessionId],
  )
  return {
    available: devices !== null,
    ...list,
    devices: summaries,
    fetched: list.fetchedAt === null ? null : koreanRelativeTime(list.fetchedAt, now),
    refresh: observer.refresh,
    remove: observer.remove,
    forceLogout: observer.forceLogout,
    terminateOthers: observer.terminateOthers,
  }
}
