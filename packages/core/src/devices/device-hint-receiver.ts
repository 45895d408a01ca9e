import type { ServerStateHint } from '../contract/session-tracker.ts'
import type { Clock } from '../kernel/clock.ts'
import type { EventEmitter } from '../kernel/emitter.ts'
import type { Store } from '../kernel/store.ts'
import type { DeviceSessionEvents, DeviceSessionState } from './device-public-types.ts'
import type { WatchPresence } from './device-watch-presence.ts'
import type { DeviceTabs } from './tabs/device-tabs.ts'

/**
 * The server's hints about this device (the `serverState` of every session-tracker answer): kept in
 * the state, shared with the other tabs, and read for what they say about the watch (ended by
 * another device; a watch in doubt that can be settled).
 */
export class ServerHints {
  readonly #store: Store<DeviceSessionState>
  readonly #clock: Clock
  readonly #tabs: DeviceTabs
  readonly #presence: WatchPresence
  readonly #events: EventEmitter<DeviceSessionEvents>
  readonly #onRhythmChange: () => void
  #settleDoubt: (hint: ServerStateHint) => void = () => {}

  constructor(deps: {
    store: Store<DeviceSessionState>
    clock: Clock
    tabs: DeviceTabs
    presence: WatchPresence
    events: EventEmitter<DeviceSessionEvents>
    onRhythmChange: () => void
  }) {
    this.#store = deps.store
    this.#clock = deps.clock
    this.#tabs = deps.tabs
    this.#presence = deps.presence
    this.#events = deps.events
    this.#onRhythmChange = deps.onRhythmChange
  }

  /** The part that settles a watch in doubt, called with a server hint from a later request. */
  onDoubtHint(settle: (hint: ServerStateHint) => void): void {
    this.#settleDoubt = settle
  }

  /** The server's hint from a request sent at `sentAt`; `share` passes it on to the other tabs. */
  apply(hint: ServerStateHint, sentAt: number, share: boolean): void {
    const state = this.#store.getState()
    if (hint.sessionId !== state.sessionId) return
    this.#store.setState({ serverState: hint, serverStateReceivedAt: this.#clock.now() })
    if (share) this.#tabs.post({ type: 'server-state', sessionId: hint.sessionId, sentAt, state: hint })
    if (state.videoId !== null && this.#presence.endedElsewhere(hint, sentAt, state.isWatchingVideo)) {
      this.#store.setState({ isWatchingVideo: false, videoId: null })
      this.#presence.post(null)
      this.#onRhythmChange()
      this.#events.emit('watchTerminated', { videoId: state.videoId })
    }
    if (this.#presence.settles(sentAt)) this.#settleDoubt(hint)
  }
}
