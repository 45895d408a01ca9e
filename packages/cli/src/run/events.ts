/**
 * What happened to a device once (signed in, hit the device limit, was evicted, ...), as a run
 * reports it: one JSON object per event with `--json`, and counted into the summary. No event
 * carries a token or a password.
 */
export interface RunEvent {
  type: 'event'
  event: RunEventName
  /** Simulated milliseconds since the run began. */
  t: number
  /** The run's clock, ISO 8601. */
  at: string
  device: string
  user: string
  [detail: string]: unknown
}

export type RunEventName =
  | 'signedIn'
  | 'signInFailed'
  | 'signedOut'
  | 'sessionExpired'
  | 'registered'
  | 'registrationFailed'
  | 'deviceLimitReached'
  | 'limitResolved'
  | 'videoConflict'
  | 'terminatedOthers'
  | 'watchStarted'
  | 'watchEnded'
  | 'watchTerminated'
  | 'evicted'
  | 'deviceRemoved'
  | 'forcedLogout'
  | 'crashed'
  | 'reloaded'
  | 'offline'
  | 'online'
  | 'notice'

export type EventSink = (event: RunEvent) => void
