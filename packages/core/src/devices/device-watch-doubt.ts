import type { ApiClient } from '../api/api-client-types.ts'
import type { ServerStateHint } from '../contract/session-tracker.ts'
import type { Store } from '../kernel/store.ts'
import type { DeviceEviction } from './device-eviction.ts'
import type { ServerHints } from './device-hint-receiver.ts'
import type { Heartbeat } from './device-lease-heartbeat.ts'
import { safeCall } from './device-notices.ts'
import type { DeviceSessionState } from './device-public-types.ts'
import type { DeviceSession } from './device-session.ts'
import { isTransient } from './device-watch-failures.ts'
import type { WatchPresence } from './device-watch-presence.ts'

export interface WatchDoubtDeps {
  api: ApiClient
  store: Store<DeviceSessionState>
  session: DeviceSession
  heartbeat: Heartbeat
  presence: WatchPresence
  hints: ServerHints
  eviction: DeviceEviction
  /** Runs a task in the watch commands' order (a settle never overtakes a watch sent before it). */
  enqueue<T>(task: () => Promise<T>): Promise<T>
}

/**
 * A watch in doubt, settled (see WatchPresence.inDoubt): a watch change whose answer was lost may
 * have been recorded, and the server would then hold a watch nobody plays and refuse the user's
 * other devices (409). It is ended at once, and again whenever a later server hint shows a watch
 * that no tab of this device plays.
 */
export function createWatchDoubt(deps: WatchDoubtDeps) {
  const { api, store, session, heartbeat, presence, hints, eviction, enqueue } = deps

  /** Whether a watch the server holds would be nobody's: no tab of this device plays. */
  const nobodyWatches = () => !store.getState().isWatchingVideo && !presence.otherTabWatching

  let settling = false
  hints.onDoubtHint((hint: ServerStateHint) => {
    if (!hint.isWatchingVideo || !nobodyWatches()) {
      presence.clearDoubt()
      return
    }
    if (settling) return
    settling = true
    void enqueue(settle).finally(() => {
      settling = false
    })
  })

  /** Ends the watch the server may hold for this device while no tab plays; stays in doubt if unanswered. */
  async function settle(): Promise<void> {
    const { sessionId, isInitialized } = store.getState()
    if (!presence.inDoubt || sessionId === null || !isInitialized) return
    if (!nobodyWatches()) {
      presence.clearDoubt()
      return
    }
    const generation = session.generation
    const sentAt = heartbeat.noteContact(false)
    presence.noteChange(sentAt)
    const response = await safeCall(() => api.call('endWatch', { body: { sessionId } }, { notify: false }))
    if (generation !== session.generation) return
    if (response.ok) {
      presence.clearDoubt()
      hints.apply(response.data.serverState, sentAt, true)
      return
    }
    // Refused for good (the device is gone, or not the caller's): there is no watch left to end.
    if (eviction.evictIfRevoked(response) || !isTransient(response)) presence.clearDoubt()
  }

  return { settle }
}
