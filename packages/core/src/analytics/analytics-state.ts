import type { VisitAnalyticsState } from './analytics-public-types.ts'

/** A page load's visit before anything happened: waiting for start, or opted out. */
export function initialVisitState(enabled: boolean): VisitAnalyticsState {
  return {
    status: enabled ? 'idle' : 'disabled',
    visitId: null,
    startedAt: null,
    ended: false,
    conversions: [],
    lastError: null,
  }
}
