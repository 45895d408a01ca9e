import type { DeviceSessionState } from '@coursekit/core'
import { useCourseClient } from '../course-client-context.ts'
import { useOptionalStore } from '../use-store.ts'

const wholeState = (state: DeviceSessionState): DeviceSessionState => state

/**
 * This device's session (status, sessionId, isWatchingVideo, lastHeartbeatSent, the device-limit
 * dialog, ...) or the slice `selector` picks. Null when the client has no device service (no auth,
 * or `devices: false`). Every heartbeat changes `lastHeartbeatSent` and `serverState`: select what
 * you render, and a heartbeat re-renders only the components that show those.
 */
export function useDeviceSession(): DeviceSessionState | null
export function useDeviceSession<T>(
  selector: (state: DeviceSessionState) => T,
  isEqual?: (a: T, b: T) => boolean,
): T | null
export function useDeviceSession<T>(
  selector?: (state: DeviceSessionState) => T,
  isEqual?: (a: T, b: T) => boolean,
): T | DeviceSessionState | null {
  const { devices } = useCourseClient()
  return useOptionalStore<DeviceSessionState, T | DeviceSessionState>(
    devices?.store ?? null,
    selector ?? wholeState,
    isEqual as never,
  )
}
