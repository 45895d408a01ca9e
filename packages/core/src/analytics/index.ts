/**
 * client.analytics: the service's state, events and conversion outcomes, and the user-agent
 * classifier (what a device list shows for a device).
 */

export type {
  AnalyticsOperation,
  ConversionOutcome,
  VisitAnalytics,
  VisitAnalyticsEvents,
  VisitAnalyticsState,
  VisitAnalyticsStatus,
} from './analytics-public-types.ts'
export { classifyUserAgent, type UserAgentDescription, type UserAgentHints } from './user-agent-classifier.ts'
