import type { ConversionType } from '../contract/analytics.ts'
import type { EventEmitter } from '../kernel/emitter.ts'
import type { ReadableStore } from '../kernel/store.ts'

/* What `client.analytics` is to an app: its state, events, outcomes and commands. */

export type VisitAnalyticsStatus =
  /** Created, not started. */
  | 'idle'
  /** Opted out in the client config: nothing is sent or stored. */
  | 'disabled'
  /** On an admin page since the page load: nothing is tracked until the app leaves the admin area. */
  | 'skipped'
  /** Waiting for the auth state to settle, or for the server's visit id. */
  | 'tracking'
  | 'tracked'
  /** The visit could not be recorded; conversions of this page load are dropped too. */
  | 'failed'
  | 'disposed'

export interface VisitAnalyticsState {
  status: VisitAnalyticsStatus
  /** The server's id of this page load's visit, also kept in storage as analytics_session_id. */
  visitId: string | null
  /** When the visit began, on the client's clock (ms); null before start. */
  startedAt: number | null
  /** Whether the visit's end (duration and bounce) has been handed to the beacon. */
  ended: boolean
  /** Conversions the server has recorded during this page load. */
  conversions: readonly ConversionType[]
  /** The last failure, for diagnostics. Analytics failures are never shown to the user. */
  lastError: string | null
}

export type AnalyticsOperation = 'trackVisit' | 'endVisit' | 'trackConversion'

export type VisitAnalyticsEvents = {
  visitTracked: { visitId: string; isNewUser: boolean }
  /** `queued`: whether the beacon (or the one fetch after a refused beacon) went out. */
  visitEnded: { visitId: string; visitDuration: number; bounced: boolean; queued: boolean }
  conversionTracked: { visitId: string; conversionType: ConversionType }
  /** For logs and tests; no toast, no retry. */
  failed: { operation: AnalyticsOperation; error: string; status: number }
}

export type ConversionOutcome =
  | 'tracked'
  /** Already asked for during this page load (spec section 4: once per page load). */
  | 'duplicate'
  | 'disabled'
  | 'skipped'
  /** The visit or the conversion could not be recorded; not retried. */
  | 'failed'
  /** The service was disposed before it could be sent. */
  | 'disposed'

export interface VisitAnalytics {
  readonly store: ReadableStore<VisitAnalyticsState>
  readonly events: EventEmitter<VisitAnalyticsEvents>
  /** Records this page load's visit and starts watching for the page going away. Idempotent. */
  start(): void
  /**
   * Tracks a signup or paid conversion, at most once each per page load. Before the visit id is
   * known (or before start) it waits for it. Never rejects; nobody needs to await it.
   */
  trackConversion(conversionType: ConversionType): Promise<ConversionOutcome>
  /**
   * The signup conversion of account `userId`, once per account in this browser: across page loads
   * and tabs, a second call answers `duplicate` (the accounts are kept in local storage). The client
   * calls it on the auth service's `signedUp`.
   */
  trackSignup(userId: string): Promise<ConversionOutcome>
  /**
   * Ends the visit now, as the page going away does (once per visit). For hosts without page
   * lifecycle events, such as a CLI simulation of a user leaving.
   */
  endVisit(): void
  /** Stops listening and waiting. Does not end the visit: a disposed client is not a page leaving. */
  dispose(): void
}
