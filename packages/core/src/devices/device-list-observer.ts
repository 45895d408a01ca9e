import type { DeviceListItem, SessionListResponse } from '../contract/session-tracker.ts'
import { messages } from '../kernel/messages.ts'
import type { Queries } from '../queries/queries.ts'
import type { QueryObserver, QueryView } from '../queries/query-observer.ts'
import {
  commandFailure,
  type DeviceCommandResult,
  type DeviceListResult,
  deviceErrorCodes,
} from './device-public-types.ts'
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
  /** This device's session id: its entry in `devices` is this device. Null while idle. */
  sessionId: string | null
}

/** What the list is read through: a client's device service (null without one) and its content reads. */
export interface DeviceListSources {
  devices: DeviceSessionService | null
  queries: Queries
}

/**
 * The signed-in user's devices (GET session-tracker/sessions: the content reads' `listSessions`
 * query, cached 60 s and shared by every caller, the device session included), for any binding, with
 * the commands that change them. While subscribed it reads the list when subscribing (the cached
 * list at once, then again from the server), when the device's session starts and again when it
 * registers (it joins the list), and as any content read when the page is shown again or the
 * network comes back; it empties at sign-out. Without a device service it stays idle and its
 * commands fail as values (세션 정보가 없습니다.). Creating an observer does nothing; subscribing starts it.
 */
export interface DeviceListObserver {
  /** The same object until something changes (what `useSyncExternalStore` needs). */
  getSnapshot(): DeviceListSnapshot
  subscribe(listener: () => void): () => void
  /** Reads the list from the server, past the 60 s cache (null without a device service). */
  refresh(): Promise<DeviceListResult | null>
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
  sessionId: null,
})

const statuses = { loading: 'loading', ready: 'success', failed: 'error' } as const

export function createDeviceListObserver({ devices: service, queries }: DeviceListSources): DeviceListObserver {
  if (!service) return withoutService
  const listeners = new Set<() => void>()
  let unfollow: (() => void) | null = null
  /** The session the list belongs to, and its query's observer while there is one. */
  let listedFor: string | null = null
  let list: { observer: QueryObserver<'listSessions'>; stop: () => void } | null = null
  let seen: QueryView<SessionListResponse> | null = null
  let snapshot = idle

  const notify = () => {
    for (const listener of [...listeners]) listener()
  }

  function getSnapshot(): DeviceListSnapshot {
    if (!list) return idle
    const view = list.observer.getSnapshot()
    if (view === seen) return snapshot
    seen = view
    snapshot = {
      status: statuses[view.status],
      devices: view.data?.sessions ?? [],
      error: view.failure?.error ?? null,
      offline: view.offline,
      fetchedAt: view.dataUpdatedAt,
      isFetching: view.isFetching,
      sessionId: listedFor,
    }
    return snapshot
  }

  /**
   * Follows the list of the session now (none while signed out) and reads it through the service,
   * which answers from the cache while it is fresh. With `revalidate` (someone just opened the list)
   * it is also read from the server: another device may have signed in since, and the cache would
   * hide it for 60 s.
   */
  function follow(sessionId: string | null, revalidate = false): void {
    if (sessionId !== listedFor) {
      // Signed out, or another user: the last list is not theirs.
      listedFor = sessionId
      list?.stop()
      list = null
      if (sessionId !== null) {
        const observer = queries.observe('listSessions')
        list = { observer, stop: observer.subscribe(notify) }
      }
      notify()
    }
    if (sessionId === null) return
    void service!.listDevices()
    if (revalidate) void service!.listDevices({ force: true })
  }

  async function after(command: Promise<DeviceCommandResult>): Promise<DeviceCommandResult> {
    const result = await command
    if (result.ok) await service!.listDevices()
    return result
  }

  return {
    getSnapshot,
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
        follow(null)
      }
    },
    refresh: () => service.listDevices({ force: true }),
    remove: (id) => after(service.removeDevice(id)),
    forceLogout: (sessionId) => after(service.forceLogout(sessionId)),
    terminateOthers: (videoId) => after(service.terminateOthers(videoId)),
  }
}

/** Without a device service there is no session to act for (세션 정보가 없습니다.). */
const unavailable = () => Promise.resolve(commandFailure(messages.noSessionInfo, deviceErrorCodes.noSession))
const withoutService: DeviceListObserver = {
  getSnapshot: () => idle,
  subscribe: () => () => {},
  refresh: () => Promise.resolve(null),
  remove: unavailable,
  forceLogout: unavailable,
  terminateOthers: unavailable,
}
