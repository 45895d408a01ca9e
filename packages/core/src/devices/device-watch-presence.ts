import type { ServerStateHint } from '../contract/session-tracker.ts'
import type { Clock } from '../kernel/clock.ts'
import type { Store } from '../kernel/store.ts'
import type { HeartbeatMode } from './device-heartbeat.ts'
import type { DeviceSessionState } from './device-public-types.ts'
import { watchEndedElsewhere } from './device-server-hint.ts'
import type { DeviceSession } from './device-session.ts'
import type { DeviceTabs } from './tabs/device-tabs.ts'

/**
 * Who watches on this device, beyond this tab's own watch (the store's `isWatchingVideo`): the
 * other tabs that play, when this tab last changed the server's watch, and whether a watch change
 * went unanswered (the server may then hold a watch no tab shows). Together they set the
 * heartbeat's rhythm: `onRhythmChange` runs whenever `mode()` may have changed.
 */
export class WatchPresence {
  readonly #store: Store<DeviceSessionState>
  readonly #clock: Clock
  readonly #tabs: DeviceTabs
  readonly #onRhythmChange: () => void
  /** Other tabs of this device that are watching: tab id to video id. */
  readonly #otherTabs = new Map<string, string>()
  /** When this tab last sent a request that changes the watch state. */
  #changedAt: number | null = null
  /** When the watch came in doubt, or null while the server's watch is known. */
  #doubtSince: number | null = null

  constructor(deps: {
    store: Store<DeviceSessionState>
    clock: Clock
    tabs: DeviceTabs
    session: DeviceSession
    onRhythmChange: () => void
  }) {
    this.#store = deps.store
    this.#clock = deps.clock
    this.#tabs = deps.tabs
    this.#onRhythmChange = deps.onRhythmChange
    deps.session.onStop(() => this.#reset())
  }

  /** Whether another tab of this device is watching. */
  get otherTabWatching(): boolean {
    return this.#otherTabs.size > 0
  }

  /**
   * Whether a watch change of this tab went unanswered. While it is, the heartbeat keeps the
   * watching rhythm, and a server hint from a later request settles it.
   */
  get inDoubt(): boolean {
    return this.#doubtSince !== null
  }

  /** Whether a hint from a request sent at `sentAt` can settle the doubt (it was sent after the doubt began). */
  settles(sentAt: number): boolean {
    return this.#doubtSince !== null && sentAt >= this.#doubtSince
  }

  /** The heartbeat rhythm the device needs: watching while any of its tabs plays, or a watch is in doubt. */
  mode(): HeartbeatMode {
    const watching = this.#store.getState().isWatchingVideo || this.#otherTabs.size > 0
    return watching || this.#doubtSince !== null ? 'watching' : 'idle'
  }

  /** Another tab of this device watches `videoId` now (null: nothing). */
  noteOtherTab(tabId: string, videoId: string | null): void {
    if (videoId === null) this.#otherTabs.delete(tabId)
    else this.#otherTabs.set(tabId, videoId)
    this.#onRhythmChange()
  }

  /** This tab sent a request that changes the watch state at `sentAt`: older hints cannot end the watch. */
  noteChange(sentAt: number): void {
    this.#changedAt = sentAt
  }

  /** A watch change went unanswered: the server may hold a watch no tab shows. */
  doubt(): void {
    this.#doubtSince = this.#clock.now()
    this.#onRhythmChange()
  }

  /** The server's watch is known again. */
  clearDoubt(): void {
    if (this.#doubtSince === null) return
    this.#doubtSince = null
    this.#onRhythmChange()
  }

  /** Whether `hint`, from a request sent at `sentAt`, shows this tab's watch (`watching`) ended by someone else. */
  endedElsewhere(hint: ServerStateHint, sentAt: number, watching: boolean): boolean {
    return watchEndedElsewhere(hint, sentAt, { isWatchingVideo: watching, watchChangedAt: this.#changedAt })
  }

  /** Tells the other tabs what this tab watches now. */
  post(videoId: string | null): void {
    const { sessionId } = this.#store.getState()
    if (sessionId !== null) this.#tabs.post({ type: 'watch', sessionId, tabId: this.#tabs.tabId, videoId })
  }

  /** The session stopped here: the other tabs hear this tab stopped; the rest is forgotten. */
  #reset(): void {
    if (this.#store.getState().isWatchingVideo) this.post(null)
    this.#changedAt = null
    this.#doubtSince = null
    // The other tabs say again what they watch when a session starts (the `query` message).
    this.#otherTabs.clear()
  }
}
