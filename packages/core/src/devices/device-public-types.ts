import type {
  DeviceInfo,
  DeviceListItem,
  RevocationReason,
  ServerStateHint,
  SessionUpdates,
} from '../contract/session-tracker.ts'
import type { DeviceLimitDialog, DeviceLimitDialogState } from './device-limit-dialog.ts'

/**
 * Where this device's session is:
 * - `idle`: nobody signed in (or not started);
 * - `skipped`: an admin page: tracking is skipped (spec section 6);
 * - `registering`, `registered` (heartbeats run; `isInitialized`);
 * - `limit-reached`: the server refused a new device; the device-limit dialog is open;
 * - `failed`: the registration failed; it is tried again on the client's clock when the network or
 *   the server failed (5xx), and otherwise when the page becomes visible, or on `register()`;
 * - `evicted`: the server signed this device out (removed elsewhere, forced out, expired).
 */
export type DeviceSessionStatus =
  | 'idle'
  | 'skipped'
  | 'registering'
  | 'registered'
  | 'limit-reached'
  | 'failed'
  | 'evicted'

/** What a UI renders now (spec section 3, device session), plus the dialog and the server's hint. */
export interface DeviceSessionState {
  sessionId: string | null
  userAgent: string
  isWatchingVideo: boolean
  videoId: string | null
  /** True while the device is registered with the server. */
  isInitialized: boolean
  lastError: string | null
  /** When this device's last heartbeat went out (any tab of it), on the client's clock. */
  lastHeartbeatSent: number | null
  status: DeviceSessionStatus
  /** Whether this tab sends the device's heartbeats (one tab per browser does). */
  isLeader: boolean
  /** The device-limit dialog, while it is open. */
  limitDialog: DeviceLimitDialogState | null
  /** The server's last word on this device, and when it arrived (client clock). */
  serverState: ServerStateHint | null
  serverStateReceivedAt: number | null
}

export function initialDeviceSessionState(userAgent: string): DeviceSessionState {
  return {
    sessionId: null,
    userAgent,
    isWatchingVideo: false,
    videoId: null,
    isInitialized: false,
    lastError: null,
    lastHeartbeatSent: null,
    status: 'idle',
    isLeader: false,
    limitDialog: null,
    serverState: null,
    serverStateReceivedAt: null,
  }
}

/** One-off events of the device service. Toasts go through the client's `notice` event. */
export type DeviceSessionEvents = {
  /** The device was registered (created false: it already was, e.g. a reload). */
  registered: { sessionId: string; created: boolean }
  /** The server refused a new device (403 with canForceLogout); the dialog state is open. */
  deviceLimitReached: { devices: readonly DeviceListItem[]; deviceLimit: number | null }
  /** Another device of the user is watching (409 on watch). */
  videoConflict: { videoId: string; device: DeviceInfo }
  /**
   * The server no longer knows this device as signed in: it was removed or forced out from another
   * device, or expired. Its session state has ended; heartbeats stopped. Not a token problem.
   * `byThisDevice`: the person removed this very device from its own list (here or in another tab
   * of this browser), so nothing was done to it elsewhere.
   */
  evicted: { sessionId: string; reason: RevocationReason; message: string; byThisDevice: boolean }
  /** The server says this device stopped watching although it was (another device took over). */
  watchTerminated: { videoId: string }
}

/** Client-side codes of a failed device command; server codes (DEVICE_LIMIT_REACHED, ...) pass through. */
export const deviceErrorCodes = {
  /** No signed-in user or no session id (세션 정보가 없습니다.). */
  noSession: 'NO_SESSION',
  /** Something threw where a value was expected. */
  exception: 'DEVICE_EXCEPTION',
  /** The user changed, signed out or the service was disposed while the command ran. */
  superseded: 'SUPERSEDED',
} as const

export interface DeviceCommandFailure {
  ok: false
  /** Text a person can be shown. */
  error: string
  code: string | null
  /** HTTP status, 0 when no response arrived or nothing was sent. */
  status: number
}

export type DeviceCommandResult = { ok: true } | DeviceCommandFailure

export type RegistrationResult =
  | { ok: true; sessionId: string; created: boolean; skipped?: false }
  /** An admin page: nothing was registered, by design. */
  | { ok: true; skipped: true }
  | DeviceCommandFailure

export type WatchResult =
  | { ok: true; videoId: string }
  | (DeviceCommandFailure & {
      /** On 409: the device already watching. */
      conflict?: DeviceInfo
    })

export type DeviceListResult =
  | { ok: true; devices: readonly DeviceListItem[]; fetchedAt: number }
  | DeviceCommandFailure

export function commandFailure(error: string, code: string | null, status = 0): DeviceCommandFailure {
  return { ok: false, error, code, status }
}

/** The device session's commands (`client.devices` forwards them to the part that runs the session). */
export interface DeviceCommands {
  /** The device-limit dialog's commands; its state is `store.getState().limitDialog`. */
  readonly limitDialog: DeviceLimitDialog
  /** Registers this device now (a retry after a failure); a registered device is not registered again. */
  register(): Promise<RegistrationResult>
  startWatching(videoId: string): Promise<WatchResult>
  /** Ends the watch; with `videoId`, only when that video is the one watched (another player's watch stays). */
  stopWatching(videoId?: string): Promise<DeviceCommandResult>
  /** Ends the watches of the user's other devices (after a video conflict). */
  terminateOthers(videoId: string): Promise<DeviceCommandResult>
  /** Queues changes for POST batch-update (sent 5 s after the first of them). */
  update(updates: SessionUpdates): void
  /** Sends queued changes now. */
  flushUpdates(): Promise<void>
  listDevices(options?: { force?: boolean }): Promise<DeviceListResult>
  removeDevice(id: string): Promise<DeviceCommandResult>
  forceLogout(sessionId: string, options?: { newSessionId?: string }): Promise<DeviceCommandResult>
  /** The server's view of this device: the hint while under 30 s old, else asked with a heartbeat. */
  getServerState(): Promise<ServerStateHint | null>
}
