import { messages } from '../kernel/messages.ts'
import type { Store } from '../kernel/store.ts'
import type { DeviceNotices } from './device-notices.ts'
import {
  commandFailure,
  type DeviceCommandFailure,
  type DeviceSessionState,
  deviceErrorCodes,
} from './device-public-types.ts'

/**
 * This tab's device session: whose it is, which generation of it is current, and how it ends here.
 * The parts that run for a session (the heartbeat, the watch presence, a registration retry) say
 * what to stop through `onStop`; nothing else ends a session.
 */
export class DeviceSession {
  readonly #store: Store<DeviceSessionState>
  readonly #notices: DeviceNotices
  #userId: string | null = null
  #generation = 0
  #lastEndedSessionId: string | null = null
  readonly #stops: (() => void)[] = []

  constructor(store: Store<DeviceSessionState>, notices: DeviceNotices) {
    this.#store = store
    this.#notices = notices
  }

  /** The signed-in user whose device this is, or null. */
  get userId(): string | null {
    return this.#userId
  }

  setUser(userId: string | null): void {
    this.#userId = userId
  }

  /**
   * Bumped whenever the session ends locally (logout, user change, eviction, dispose): an answer to
   * a request sent in an older generation changes nothing.
   */
  get generation(): number {
    return this.#generation
  }

  /** The session id whose end was already sent (by this tab or another), so it is not sent twice. */
  get lastEndedSessionId(): string | null {
    return this.#lastEndedSessionId
  }

  noteEnded(sessionId: string): void {
    this.#lastEndedSessionId = sessionId
  }

  /** Runs whenever the session stops here (it ends, or the service is disposed). */
  onStop(stop: () => void): void {
    this.#stops.push(stop)
  }

  /** Stops what runs for the current session; a later answer changes nothing. Sends nothing to the server. */
  stop(): void {
    this.#generation++
    for (const stop of this.#stops) stop()
  }

  /** Ends the session state here without telling the server (it already knows, or is told elsewhere). */
  end(patch: Partial<DeviceSessionState>): void {
    this.stop()
    this.#store.setState({
      isInitialized: false,
      isWatchingVideo: false,
      videoId: null,
      isLeader: false,
      limitDialog: null,
      serverState: null,
      serverStateReceivedAt: null,
      ...patch,
    })
  }

  /** The session id, or the 세션 정보가 없습니다. failure (noticed when `notify`). */
  requireSession(notify: boolean): { sessionId: string } | DeviceCommandFailure {
    const { sessionId } = this.#store.getState()
    if (this.#userId !== null && sessionId !== null) return { sessionId }
    this.#store.setState({ lastError: messages.noSessionInfo })
    if (notify) this.#notices.notice('error', messages.noSessionInfo)
    return commandFailure(messages.noSessionInfo, deviceErrorCodes.noSession)
  }

  /** The session a command was for ended meanwhile (logout, another user): as good as none. */
  superseded(): DeviceCommandFailure {
    return commandFailure(messages.noSessionInfo, deviceErrorCodes.superseded)
  }
}
