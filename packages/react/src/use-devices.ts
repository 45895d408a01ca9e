import {
  type DeviceCommandResult,
  type DeviceListResult,
  type DeviceSessionState,
  deviceErrorCodes,
  messages,
} from '@coursekit/core'
import type { DeviceListItem } from '@coursekit/core/contract'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useCourseClient } from './course-client-context.ts'
import { type DeviceSummary, summarizeDevice } from './device-description.ts'
import { useDeviceSession } from './use-device-session.ts'

export interface DevicesView {
  /** False when the client has no device service. */
  available: boolean
  /** `idle` while nobody is signed in. */
  status: 'idle' | 'loading' | 'success' | 'error'
  /** The user's devices, oldest first, each recognisable (browser, OS, last seen). */
  devices: readonly DeviceSummary[]
  error: string | null
  /** When the list was read (client clock). */
  fetchedAt: number | null
  /** A read is on its way (also while the last list is still shown). */
  isFetching: boolean
  /** Reads the list from the server, past the core's 60 s cache. */
  refresh(): Promise<DeviceListResult | null>
  /** DELETE sessions/{id}; the list is read again after a success. */
  remove(id: string): Promise<DeviceCommandResult>
  /** Signs a device out (force-logout); the list is read again after a success. */
  forceLogout(sessionId: string): Promise<DeviceCommandResult>
  /** Ends the watches of the user's other devices. */
  terminateOthers(videoId: string): Promise<DeviceCommandResult>
}

interface ListState {
  status: DevicesView['status']
  items: readonly DeviceListItem[]
  error: string | null
  fetchedAt: number | null
  isFetching: boolean
}

const idle: ListState = { status: 'idle', items: [], error: null, fetchedAt: null, isFetching: false }

/** Without a device service there is no session to act for (세션 정보가 없습니다.). */
const unavailable = (): Promise<DeviceCommandResult> =>
  Promise.resolve({ ok: false, error: messages.noSessionInfo, code: deviceErrorCodes.noSession, status: 0 })

const selectKey = (state: DeviceSessionState) => ({ sessionId: state.sessionId, registered: state.isInitialized })

/**
 * The signed-in user's devices (GET session-tracker/sessions, behind the core's 60 s cache shared by
 * every caller) with the commands that change them. Read when the device's session starts and again
 * when it registers; emptied at sign-out.
 */
export function useDevices(): DevicesView {
  const client = useCourseClient()
  const { devices } = client
  const key = useDeviceSession(selectKey, (a, b) => a.sessionId === b.sessionId && a.registered === b.registered)
  const sessionId = key?.sessionId ?? null
  const [list, setList] = useState<ListState>(idle)
  const latestRead = useRef(0)

  const read = useCallback(
    async (force: boolean): Promise<DeviceListResult | null> => {
      if (!devices) return null
      const ticket = ++latestRead.current
      setList((state) => ({ ...state, status: state.status === 'idle' ? 'loading' : state.status, isFetching: true }))
      const result = await devices.listDevices({ force })
      if (ticket !== latestRead.current) return result
      setList((state) =>
        result.ok
          ? { status: 'success', items: result.devices, error: null, fetchedAt: result.fetchedAt, isFetching: false }
          : { ...state, status: 'error', error: result.error, isFetching: false },
      )
      return result
    },
    [devices],
  )

  const listedFor = useRef<string | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when this device registers (it joins the list)
  useEffect(() => {
    if (sessionId !== listedFor.current) {
      // Signed out, or another user: the last list is not theirs.
      listedFor.current = sessionId
      latestRead.current++
      setList(idle)
    }
    if (sessionId !== null) void read(false)
  }, [read, sessionId, key?.registered])

  const after = useCallback(
    async (command: Promise<DeviceCommandResult>): Promise<DeviceCommandResult> => {
      const result = await command
      if (result.ok) await read(false)
      return result
    },
    [read],
  )

  const commands = useMemo(
    () => ({
      refresh: () => read(true),
      remove: (id: string) => (devices ? after(devices.removeDevice(id)) : unavailable()),
      forceLogout: (target: string) => (devices ? after(devices.forceLogout(target)) : unavailable()),
      terminateOthers: (videoId: string) => (devices ? devices.terminateOthers(videoId) : unavailable()),
    }),
    [devices, read, after],
  )

  const summaries = useMemo(
    () => list.items.map((item) => summarizeDevice(item, client.clock.now(), sessionId)),
    [list.items, client, sessionId],
  )

  return {
    available: devices !== null,
    status: list.status,
    devices: summaries,
    error: list.error,
    fetchedAt: list.fetchedAt,
    isFetching: list.isFetching,
    ...commands,
  }
}
