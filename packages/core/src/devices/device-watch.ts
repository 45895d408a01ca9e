import { ErrorCode } from '../contract/common.ts'
import { VideoConflictBody } from '../contract/session-tracker.ts'
import { safeCall } from './device-notices.ts'
import { commandFailure, type DeviceCommandResult, type WatchResult } from './device-public-types.ts'
import type { DeviceRegistration } from './device-registration.ts'
import { createWatchDoubt } from './device-watch-doubt.ts'
import { isTransient, mayHaveApplied } from './device-watch-failures.ts'
import { createWatchUpdates, type WatchUpdatesDeps } from './device-watch-updates.ts'

/** What the watch needs: what its batched updates need, and the registration. */
export interface DeviceWatchDeps extends WatchUpdatesDeps {
  /** A watch on a device not registered yet registers it first. */
  registration: DeviceRegistration
}

/**
 * Watching (spec sections 4 and 7): POST watch, 409 -> the video-conflict event; a watch on another
 * video first ends the current one; end-watch. Watch commands run one after another in call order,
 * and a second start of the video already starting shares the first call (effects that run twice).
 *
 * A watch change whose answer was lost leaves the watch in doubt, settled by device-watch-doubt.ts;
 * the batched updates' watch fields are device-watch-updates.ts's.
 */
export function createDeviceWatch(deps: DeviceWatchDeps) {
  const { api, clock, store, events, session, heartbeat, presence, hints, eviction, registration } = deps
  let chain: Promise<unknown> = Promise.resolve()
  let starting: { videoId: string; promise: Promise<WatchResult> } | null = null

  const updates = createWatchUpdates({ api, clock, store, events, session, heartbeat, presence, hints, eviction })

  /** Runs watch commands in call order, so a stop never overtakes the start before it. */
  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = chain.then(task, task)
    chain = run.catch(() => {})
    return run
  }

  const doubt = createWatchDoubt({ api, store, session, heartbeat, presence, hints, eviction, enqueue })

  function startWatching(videoId: string): Promise<WatchResult> {
    if (starting?.videoId === videoId) return starting.promise
    const current = { videoId, promise: enqueue(() => watch(videoId, false)) }
    starting = current
    const clear = () => {
      if (starting === current) starting = null
    }
    void current.promise.then(clear, clear)
    return current.promise
  }

  /**
   * Ends the watch. With `videoId`, only that video's: a player that goes away must not end the
   * watch another player started meanwhile (a deferred cleanup that runs after the next start).
   */
  function stopWatching(videoId?: string): Promise<DeviceCommandResult> {
    if (videoId === undefined || starting?.videoId === videoId) starting = null
    return enqueue(() => stop(videoId))
  }

  /** Sends the watch again after the page came back from the back-forward cache (page hide ended it). */
  function resumeAfterPageShow(videoId: string): Promise<WatchResult> {
    return enqueue(() => watch(videoId, true))
  }

  async function watch(videoId: string, again: boolean): Promise<WatchResult> {
    const own = session.requireSession(false)
    if ('ok' in own) return own
    if (!store.getState().isInitialized) {
      const registered = await registration.register()
      if (!registered.ok) return registered
      // Admin pages are not tracked: playing there needs no server watch.
      if (registered.skipped) return { ok: true, videoId }
    }
    const before = store.getState()
    if (!again && before.isWatchingVideo && before.videoId === videoId) return { ok: true, videoId }
    if (before.isWatchingVideo && before.videoId !== videoId) await stop()
    const { sessionId } = store.getState()
    if (sessionId === null || !store.getState().isInitialized) return session.superseded()
    const generation = session.generation
    updates.discardWatch()
    const sentAt = heartbeat.noteContact(false)
    presence.noteChange(sentAt)
    const response = await safeCall(() => api.call('watch', { body: { sessionId, videoId } }, { notify: false }))
    if (generation !== session.generation) return session.superseded()
    if (response.ok) {
      presence.clearDoubt()
      store.setState({ isWatchingVideo: true, videoId, lastError: null })
      presence.post(videoId)
      heartbeat.reschedule()
      hints.apply(response.data.serverState, sentAt, true)
      return { ok: true, videoId }
    }
    if (again) {
      // The watch the page hide ended could not be restored: playback here is no longer tracked.
      store.setState({ isWatchingVideo: false, videoId: null })
    }
    store.setState({ lastError: response.error })
    if (response.status === 409) {
      const conflict = VideoConflictBody.safeParse(response.body)
      if (conflict.success) {
        events.emit('videoConflict', { videoId, device: conflict.data.device })
        return { ...commandFailure(response.error, ErrorCode.videoConflict, 409), conflict: conflict.data.device }
      }
    }
    if (eviction.evictIfRevoked(response)) return commandFailure(response.error, response.code, response.status)
    if (mayHaveApplied(response)) {
      presence.doubt()
      await doubt.settle()
    }
    return commandFailure(response.error, response.code, response.status)
  }

  async function stop(videoId?: string): Promise<DeviceCommandResult> {
    const before = store.getState()
    if (!before.isWatchingVideo && presence.inDoubt) await doubt.settle()
    if (!before.isWatchingVideo || before.sessionId === null) return { ok: true }
    if (videoId !== undefined && before.videoId !== videoId) return { ok: true }
    const { sessionId } = before
    const generation = session.generation
    // Playback stopped here whatever the server says.
    store.setState({ isWatchingVideo: false, videoId: null })
    presence.post(null)
    updates.discardWatch()
    heartbeat.reschedule()
    // Another tab of this device still plays: the device is still watching.
    if (presence.otherTabWatching) return { ok: true }
    const sentAt = heartbeat.noteContact(false)
    presence.noteChange(sentAt)
    const response = await safeCall(() => api.call('endWatch', { body: { sessionId } }, { notify: false }))
    if (generation !== session.generation) return { ok: true }
    if (response.ok) {
      hints.apply(response.data.serverState, sentAt, true)
      return { ok: true }
    }
    if (eviction.evictIfRevoked(response)) return commandFailure(response.error, response.code, response.status)
    // Left watching, the device would block the user's other devices: try again as a batch.
    if (isTransient(response)) updates.queueWatchEnd()
    if (mayHaveApplied(response)) presence.doubt()
    return commandFailure(response.error, response.code, response.status)
  }

  return {
    startWatching,
    stopWatching,
    resumeAfterPageShow,
    update: updates.update,
    flushUpdates: updates.flush,
    cancelUpdates: updates.cancel,
  }
}

export type DeviceWatch = ReturnType<typeof createDeviceWatch>
