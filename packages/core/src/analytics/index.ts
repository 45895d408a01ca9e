/**
 * client.analytics: visit fields, user agents, conversions.
 */

export {
  type AnalyticsOperation,
  type ConversionOutcome,
  createVisitAnalytics,
  type VisitAnalytics,
  type VisitAnalyticsEvents,
  type VisitAnalyticsOptions,
  type VisitAnalyticsState,
  type VisitAnalyticsStatus,
} from './analytics-service.ts'
export { classifyUserAgent, type UserAgentDescription, type UserAgentHints } from './user-agent-classifier.ts'
