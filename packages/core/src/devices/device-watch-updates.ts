import type { ApiClient } from '../api/api-client-types.ts'
import { type SessionUpdates, VideoConflictBody } from '../contract/session-tracker.ts'
import type { Clock } from '../kernel/clock.ts'
import type { EventEmitter } from '../kernel/emitter.ts'
import type { Store } from '../kernel/store.ts'
import { type BatchOutcome, createUpdateBatcher } from './device-batcher.ts'
import type { DeviceEviction } from './device-eviction.ts'
import type { ServerHints } from './device-hint-receiver.ts'
import type { Heartbeat } from './device-lease-heartbeat.ts'
import { safeCall } from './device-notices.ts'
import type { DeviceSessionEvents, DeviceSessionState } from './device-public-types.ts'
import type { DeviceSession } from './device-session.ts'
import { isTransient, mayHaveApplied } from './device-watch-failures.ts'
import type { WatchPresence } from './device-watch-presence.ts'

const WATCH_FIELDS = ['isWatchingVideo', 'videoId'] as const

export interface WatchUpdatesDeps {
  api: ApiClient
  clock: Clock
  store: Store<DeviceSessionState>
  events: EventEmitter<DeviceSessionEvents>
  session: DeviceSession
  heartbeat: Heartbeat
  presence: WatchPresence
  hints: ServerHints
  eviction: DeviceEviction
}

/**
 * The device's batched updates (POST batch-update, spec section 9): changes queued within 5 s go out
 * together. Their watch fields are watch changes: they take effect here at once, a 409 is a video
 * conflict, and one whose answer was lost leaves the watch in doubt.
 */
export function createWatchUpdates(deps: WatchUpdatesDeps) {
  const { api, clock, store, events, session, heartbeat, presence, hints, eviction } = deps
  const batcher = createUpdateBatcher({ clock, send: sendBatch })

  /** Queues changes for the next batch; watch fields take effect here at once. */
  function update(updates: SessionUpdates): void {
    const state = store.getState()
    if (!state.isInitialized) return
    const videoGiven = updates.videoId !== undefined
    if (updates.isWatchingVideo !== undefined || videoGiven) {
      // The server's rule: watching defaults to "a video was given", else stays as it is.
      const watching = updates.isWatchingVideo ?? (videoGiven ? updates.videoId !== null : state.isWatchingVideo)
      const videoId = watching ? (videoGiven ? (updates.videoId ?? null) : state.videoId) : null
      store.setState({ isWatchingVideo: watching && videoId !== null, videoId: watching ? videoId : null })
      presence.post(watching ? videoId : null)
      heartbeat.reschedule()
    }
    batcher.queue(updates)
  }

  async function sendBatch(updates: SessionUpdates): Promise<BatchOutcome> {
    const { sessionId, isInitialized } = store.getState()
    if (sessionId === null || !isInitialized) return 'final'
    const generation = session.generation
    const sentAt = heartbeat.noteContact(false)
    const touchesWatch = WATCH_FIELDS.some((key) => key in updates)
    if (touchesWatch) presence.noteChange(sentAt)
    const response = await safeCall(() =>
      api.call('batchUpdate', { body: { sessionId, updates, timestamp: sentAt } }, { notify: false }),
    )
    if (generation !== session.generation) return 'final'
    if (response.ok) {
      hints.apply(response.data.serverState, sentAt, true)
      return 'ok'
    }
    if (eviction.evictIfRevoked(response)) return 'final'
    if (touchesWatch && mayHaveApplied(response) && !store.getState().isWatchingVideo) presence.doubt()
    if (response.status === 409) {
      const conflict = VideoConflictBody.safeParse(response.body)
      const videoId = store.getState().videoId ?? updates.videoId ?? null
      store.setState({ isWatchingVideo: false, videoId: null, lastError: response.error })
      presence.post(null)
      heartbeat.reschedule()
      if (conflict.success && videoId !== null) {
        events.emit('videoConflict', { videoId, device: conflict.data.device })
      }
      return 'final'
    }
    return isTransient(response) ? 'retry' : 'final'
  }

  return {
    update,
    flush: () => batcher.flush(),
    cancel: () => batcher.cancel(),
    /** A watch call sent directly supersedes the watch fields queued. */
    discardWatch: () => batcher.discard(WATCH_FIELDS),
    /** An end-watch that failed on its way goes again with the next batch. */
    queueWatchEnd: () => batcher.queue({ isWatchingVideo: false, videoId: null }),
  }
}
