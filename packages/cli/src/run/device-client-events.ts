import type { CourseClient, DeviceSessionState } from '@coursekit/core'
import type { RunEventName } from './events.ts'

/**
 * A device's client, heard: each auth, device-session and notice event as the run's event of the
 * same name (with what a report needs, never a token), token refreshes and session states to the
 * device's own counters. Returns what undoes it.
 */
export function hearClient(
  client: CourseClient,
  to: {
    emit(event: RunEventName, details?: Record<string, unknown>): void
    tokenRefreshed(): void
    state(state: DeviceSessionState): void
  },
): (() => void)[] {
  const { emit } = to
  const auth = client.auth!
  const devices = client.devices!
  return [
    auth.events.subscribe('signedIn', ({ method, restored }) => emit('signedIn', { method, restored })),
    auth.events.subscribe('signedOut', ({ reason }) => emit('signedOut', { reason })),
    auth.events.subscribe('sessionExpired', () => emit('sessionExpired')),
    auth.events.subscribe('tokenRefreshed', () => to.tokenRefreshed()),
    devices.events.subscribe('registered', ({ sessionId, created }) => emit('registered', { sessionId, created })),
    devices.events.subscribe('deviceLimitReached', ({ devices: listed, deviceLimit }) =>
      emit('deviceLimitReached', { devices: listed.length, deviceLimit }),
    ),
    devices.events.subscribe('videoConflict', ({ videoId, device }) =>
      emit('videoConflict', { videoId, otherSessionId: device.sessionId }),
    ),
    devices.events.subscribe('evicted', ({ sessionId, reason }) => emit('evicted', { sessionId, reason })),
    devices.events.subscribe('watchTerminated', ({ videoId }) => emit('watchTerminated', { videoId })),
    devices.store.subscribe((state) => to.state(state)),
    client.events.subscribe('notice', ({ kind, message }) => emit('notice', { kind, message })),
  ]
}
