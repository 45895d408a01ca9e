import type { VisitAnalyticsState } from '@coursekit/core'
import { useCourseClient } from '../course-client-context.ts'
import { useStore } from '../use-store.ts'

const wholeState = (state: VisitAnalyticsState): VisitAnalyticsState => state

/**
 * This page load's visit (status, visitId, conversions, ...), or the slice `selector` picks. The
 * client records the visit when it starts (the provider starts it) and ends it when the page goes
 * away; nothing here sends anything.
 */
export function useVisitTracking(): VisitAnalyticsState
export function useVisitTracking<T>(selector: (state: VisitAnalyticsState) => T, isEqual?: (a: T, b: T) => boolean): T
export function useVisitTracking<T>(
  selector?: (state: VisitAnalyticsState) => T,
  isEqual?: (a: T, b: T) => boolean,
): T | VisitAnalyticsState {
  const { analytics } = useCourseClient()
  return useStore<VisitAnalyticsState, T | VisitAnalyticsState>(
    analytics.store,
    selector ?? wholeState,
    isEqual as never,
  )
}
