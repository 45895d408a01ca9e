import type { DeviceListItem } from '../contract/session-tracker.ts'
import type { DeviceCommandResult, DeviceListResult } from './device-public-types.ts'
import type { DeviceSessionService } from './device-service.ts'

/** The user's device list as a UI shows it. A new object whenever anything in it changes. */
export interface DeviceListSnapshot {
  /** `idle` while nobody is signed in. */
  status: 'idle' | 'loading' | 'success' | 'error'
  /** The user's devices, oldest first. */
  devices: readonly DeviceListItem[]
  error: string | null
  /** The last read got no answer at all (status 0): a page offers to try again rather than blame the server. */
  offline: boolean
  /** When the list was read (client clock). */
  fetchedAt: number | null
  /** A read is on its way (also while the last list is still shown). */
  isFetching: boolean
}

/**
 * The signed-in user's devices (GET session-tracker/sessions, behind the service's 60 s cache shared
 * by every caller), for any binding, with the commands that change them. While subscribed it reads
 * the list when subscribing (the cached list at once, then again from the server), when the device's
 * session starts and again when it registers (it joins the list); it empties at sign-out. Creating an observer does nothing; subscribing starts it.
 */
export interface DeviceListObserver {
  /** The same object until something changes (what `useSyncExternalStore` needs). */
  getSnapshot(): DeviceListSnapshot
  subscribe(listener: () => void): () => void
  /** Reads the list from the server, past the 60 s cache. */
  refresh(): Promise<DeviceListResult>
  /** DELETE sessions/{id}; the list is read again after a success. */
  remove(id: string): Promise<DeviceCommandResult>
  /** Signs a device out (force-logout); the list is read again after a success. */
  forceLogout(sessionId: string): Promise<DeviceCommandResult>
  /** Ends the watches of the user's other devices; the list is read again after a success. */
  terminateOthers(videoId: string): Promise<DeviceCommandResult>
}

const idle: DeviceListSnapshot = Object.freeze({
  status: 'idle',
  devices: [],
  error: null,
  offline: false,
  fetchedAt: null,
  isFetching: false,
})

export function createDeviceListObserver(service: DeviceSessionService): DeviceListObserver {
  let snapshot = idle
  const listeners = new Set<() => void>()
  let unfollow: (() => void) | null = null
  /** Bumped by every read and by a change of user. */
  let latestRead = 0
  /** The read whose answer is shown (or the change of user that emptied the list): an older answer is not. */
  let shownRead = 0
  /** The session the shown list belongs to. */
  let listedFor: string | null = null

  function set(next: DeviceListSnapshot): void {
    snapshot = next
    for (const listener of [...listeners]) listener()
  }

  async function read(force: boolean): Promise<DeviceListResult> {
    const ticket = ++latestRead
    set({ ...snapshot, status: snapshot.status === 'idle' ? 'loading' : snapshot.status, isFetching: true })
    const result = await service.listDevices({ force })
    if (ticket <= shownRead) return result
    shownRead = ticket
    set(
      result.ok
        ? {
            status: 'success',
            devices: result.devices,
            error: null,
            offline: false,
            fetchedAt: result.fetchedAt,
            // A newer read (the server's after the cached list) is still on its way.
            isFetching: ticket !== latestRead,
          }
        : {
            ...snapshot,
            status: 'error',
            error: result.error,
            offline: result.status === 0,
            isFetching: ticket !== latestRead,
          },
    )
    return result
  }

  /**
   * Empties the list for another user (or none) and reads it for the session now. With `revalidate`
   * (someone just opened the list), a list that came from the cache is shown at once and read again
   * from the server: another device may have signed in since, and the cache would hide it for 60 s.
   */
  function follow(sessionId: string | null, revalidate = false): void {
    if (sessionId !== listedFor) {
      // Signed out, or another user: the last list is not theirs.
      listedFor = sessionId
      shownRead = ++latestRead
      if (snapshot !== idle) set(idle)
    }
    if (sessionId === null) return
    void read(false)
    // Both at once: a cached list shows as soon as it is read, the server's when it comes; with
    // nothing cached, the two share one request (the cache lets a forced read join the one in flight).
    if (revalidate) void read(true)
  }

  async function after(command: Promise<DeviceCommandResult>): Promise<DeviceCommandResult> {
    const result = await command
    if (result.ok) await read(false)
    return result
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      if (listeners.size === 1) {
        unfollow = service.store.subscribe((state, previous) => {
          if (state.sessionId !== previous.sessionId || state.isInitialized !== previous.isInitialized) {
            follow(state.sessionId)
          }
        })
        follow(service.store.getState().sessionId, true)
      }
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return
        unfollow?.()
        unfollow = null
      }
    },
    refresh: () => read(true),
    remove: (id) => after(service.removeDevice(id)),
    forceLogout: (sessionId) => after(service.forceLogout(sessionId)),
    terminateOthers: (videoId) => after(service.terminateOthers(videoId)),
  }
}
