import type { TrackVisitRequest } from '../contract/analytics.ts'
import type { LocationSnapshot } from '../kernel/ports.ts'
import type { UserAgentDescription } from './user-agent-classifier.ts'

/**
 * The contract's limit for the free-text visit fields (entryPath, referrerUrl, utm*): longer
 * values are cut rather than losing the whole visit to a 400.
 */
const VISIT_TEXT_MAX_LENGTH = 2048

export interface VisitFieldInputs {
  /** Where the page was entered: the location when the service started. */
  entry: LocationSnapshot
  /** document.referrer; '' when there is none. */
  referrer: string
  userId: string | null
  isNewUser: boolean
  client: UserAgentDescription
}

/**
 * The body of POST track-visit. The entry path is the path alone: the query's campaign tags go in
 * their own fields, and neither the rest of the query nor the hash (an OAuth return carries a code
 * or tokens there) leaves the page.
 */
export function visitFields(inputs: VisitFieldInputs): TrackVisitRequest {
  const query = new URLSearchParams(inputs.entry.search)
  const utm = (name: string) => clip(query.get(name))
  return {
    userId: inputs.userId,
    referrerUrl: clip(inputs.referrer),
    entryPath: clip(inputs.entry.pathname) ?? '/',
    utmSource: utm('utm_source'),
    utmMedium: utm('utm_medium'),
    utmCampaign: utm('utm_campaign'),
    utmContent: utm('utm_content'),
    utmTerm: utm('utm_term'),
    deviceType: inputs.client.deviceType,
    browser: inputs.client.browser,
    os: inputs.client.os,
    isNewUser: inputs.isNewUser,
  }
}

/** Null for a missing or blank value; otherwise trimmed and cut to the contract's length. */
function clip(value: string | null): string | null {
  const trimmed = value?.trim()
  return trimmed ? trimmed.slice(0, VISIT_TEXT_MAX_LENGTH) : null
}
