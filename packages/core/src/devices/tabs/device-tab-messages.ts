import type { Store } from '../../kernel/store.ts'
import type { DeviceEviction } from '../device-eviction.ts'
import type { ServerHints } from '../device-hint-receiver.ts'
import type { Heartbeat } from '../device-lease-heartbeat.ts'
import type { DeviceSessionState } from '../device-public-types.ts'
import type { DeviceSession } from '../device-session.ts'
import type { DeviceWatch } from '../device-watch.ts'
import type { WatchPresence } from '../device-watch-presence.ts'
import type { DeviceTabMessage } from './device-tab-channel.ts'

/** What the other tabs' messages change here (see DeviceTabMessage): only ones about this tab's session count. */
export function tabMessageHandler(deps: {
  store: Store<DeviceSessionState>
  session: DeviceSession
  heartbeat: Heartbeat
  presence: WatchPresence
  hints: ServerHints
  eviction: DeviceEviction
  watch: Pick<DeviceWatch, 'cancelUpdates'>
}): (message: DeviceTabMessage) => void {
  const { store, session, heartbeat, presence, hints, eviction, watch } = deps
  return (message: DeviceTabMessage): void => {
    const state = store.getState()
    if (message.sessionId !== state.sessionId) return
    switch (message.type) {
      case 'contact':
        heartbeat.noteOtherTabContact(message.at, message.heartbeat)
        return
      case 'watch':
        presence.noteOtherTab(message.tabId, message.videoId)
        return
      case 'query':
        if (state.isWatchingVideo) presence.post(state.videoId)
        return
      case 'server-state':
        if (state.isInitialized) hints.apply(message.state, message.sentAt, false)
        return
      case 'evicted':
        if (state.isInitialized || state.status === 'registering') {
          eviction.evict(message.reason, message.message, false, message.byThisDevice === true)
        }
        return
      case 'ended':
        // Another tab of this device signed out (or switched user): the server already knows.
        session.noteEnded(message.sessionId)
        if (state.isInitialized || state.status === 'registering') {
          watch.cancelUpdates()
          session.end({ status: 'idle' })
        }
        return
    }
  }
}
