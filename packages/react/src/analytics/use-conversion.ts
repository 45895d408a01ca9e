import type { ConversionOutcome } from '@coursekit/core'
import type { ConversionType } from '@coursekit/core/contract'
import { useCallback } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { useStore } from '../use-store.ts'

export interface ConversionTracker {
  /**
   * Records a signup or paid conversion of this page load, once each (a second call, or an effect
   * that runs twice, answers `duplicate`). Never rejects; waits for the visit when it is not
   * recorded yet.
   */
  trackConversion(conversionType: ConversionType): Promise<ConversionOutcome>
  /** The conversions the server has recorded during this page load. */
  conversions: readonly ConversionType[]
}

const selectConversions = (state: { conversions: readonly ConversionType[] }) => state.conversions

export function useConversion(): ConversionTracker {
  const { analytics } = useCourseClient()
  const conversions = useStore(analytics.store, selectConversions)
  const trackConversion = useCallback((type: ConversionType) => analytics.trackConversion(type), [analytics])
  return { trackConversion, conversions }
}
