import type { Clock } from '../kernel/clock.ts'
import {
  HEARTBEAT_IDLE_INTERVAL_MS,
  HEARTBEAT_MIN_GAP_IDLE_MS,
  HEARTBEAT_MIN_GAP_WATCHING_MS,
  HEARTBEAT_WATCHING_INTERVAL_MS,
} from '../kernel/constants.ts'

export type HeartbeatMode = 'watching' | 'idle'

/** What one heartbeat came to: `revoked` means the server signed the device out (the caller stops). */
export type HeartbeatOutcome = 'ok' | 'failed' | 'revoked'

export interface HeartbeatSchedulerDeps {
  clock: Clock
  mode(): HeartbeatMode
  /**
   * When the device last renewed its lease with the server (a registration, heartbeat, watch, batch
   * ... from any of its tabs), or null. The next heartbeat is due one interval after it, so other
   * traffic defers heartbeats instead of adding to them.
   */
  lastContact(): number | null
  /** When the last heartbeat went out, for the minimum-gap guard. */
  lastHeartbeat(): number | null
  /**
   * Sends one heartbeat. It must record the contact (so `lastContact()` and `lastHeartbeat()` return
   * now) before its first await: the next one is scheduled as soon as this one goes out, not when
   * it returns, so a slow answer never delays the rhythm.
   */
  send(): Promise<HeartbeatOutcome>
}

export interface HeartbeatScheduler {
  start(): void
  stop(): void
  /** Recomputes the next heartbeat: the mode changed, or another request renewed the lease. */
  reschedule(): void
  /**
   * The person came back to the page: sends at once unless the device was in touch with the server
   * within the minimum gap (spec section 9's skip rule: 5 min idle, 1 min watching), so a device
   * signed out elsewhere learns it as the person returns, not up to an idle interval later. An
   * overdue heartbeat (a hidden page's timers were throttled) is always stale, so it goes too.
   */
  sendIfStale(): void
}

export function intervalFor(mode: HeartbeatMode): number {
  return mode === 'watching' ? HEARTBEAT_WATCHING_INTERVAL_MS : HEARTBEAT_IDLE_INTERVAL_MS
}

export function minGapFor(mode: HeartbeatMode): number {
  return mode === 'watching' ? HEARTBEAT_MIN_GAP_WATCHING_MS : HEARTBEAT_MIN_GAP_IDLE_MS
}

/**
 * Spec section 9: every 1 min while watching, every 20 min idle; skipped when the last heartbeat
 * went out less than 1 min (idle: 5 min) ago. Failures are silent; a failed heartbeat is tried
 * again after the minimum gap instead of a whole interval, so one lost request cannot let the
 * server's lease (40 min, two idle intervals) run out.
 */
export function createHeartbeatScheduler(deps: HeartbeatSchedulerDeps): HeartbeatScheduler {
  const { clock } = deps
  let running = false
  let timer: unknown = null
  let timerDueAt: number | null = null
  /** After a failure: when it went out, and when to try again if sooner than the regular rhythm. */
  let retry: { failedAt: number; at: number } | null = null

  const dueAt = (): number => {
    const now = clock.now()
    const mode = deps.mode()
    const anchor = deps.lastContact() ?? now
    const regular = anchor + intervalFor(mode)
    const planned = retry !== null && retry.at < regular ? retry.at : regular
    // The minimum gap holds whatever moved the anchor (an older contact reported by another tab).
    const last = deps.lastHeartbeat()
    return last === null ? planned : Math.max(planned, last + minGapFor(mode))
  }

  const clearTimer = () => {
    if (timer !== null) clock.clearTimeout(timer)
    timer = null
    timerDueAt = null
  }

  const schedule = () => {
    clearTimer()
    if (!running) return
    const due = dueAt()
    timerDueAt = due
    timer = clock.setTimeout(fire, Math.max(0, due - clock.now()))
  }

  /** `early`: without waiting for the due time (the person came back; see sendIfStale). */
  function fire(early = false): void {
    timer = null
    timerDueAt = null
    if (!running) return
    if (!early && clock.now() < dueAt()) {
      schedule()
      return
    }
    retry = null
    const sentAt = clock.now()
    const outcome = deps.send()
    // Sending notes the contact, which usually re-arms the timer already.
    if (timer === null || timerDueAt !== dueAt()) schedule()
    void outcome.then(
      (result) => {
        if (result === 'failed' && running && retry === null && (deps.lastContact() ?? sentAt) <= sentAt) {
          retry = { failedAt: sentAt, at: sentAt + minGapFor(deps.mode()) }
          schedule()
        }
      },
      () => {},
    )
  }

  return {
    start() {
      if (running) return
      running = true
      schedule()
    },
    stop() {
      running = false
      retry = null
      clearTimer()
    },
    reschedule() {
      if (!running) return
      // A later contact renewed the lease, so a pending retry is no longer needed.
      const contact = deps.lastContact()
      if (retry !== null && contact !== null && contact > retry.failedAt) retry = null
      if (timerDueAt !== dueAt()) schedule()
    },
    sendIfStale() {
      // Stale: the last contact (if any) is at least the minimum gap old. Every heartbeat is a contact
      // and a contact never moves back, so the last heartbeat is at least as old: the skip rule holds.
      const contact = deps.lastContact()
      if (running && (contact === null || clock.now() - contact >= minGapFor(deps.mode()))) fire(true)
    },
  }
}
