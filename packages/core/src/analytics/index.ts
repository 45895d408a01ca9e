/**
 * client.analytics: the service's state, events and conversion outcomes. The user-agent classifier
 * (what a device list shows for a device) is `@coursekit/core/display`.
 */

export type {
  AnalyticsOperation,
  ConversionOutcome,
  VisitAnalytics,
  VisitAnalyticsEvents,
  VisitAnalyticsState,
  VisitAnalyticsStatus,
} from './analytics-public-types.ts'
