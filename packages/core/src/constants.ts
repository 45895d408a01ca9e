/**
 * Every number of spec section 9, named with its unit. Services import these; nothing time- or
 * count-based is written inline anywhere else.
 */

const SECOND_MS = 1000
const MINUTE_MS = 60 * SECOND_MS
const DAY_S = 24 * 60 * 60

// Tokens
/** A token counts as expiring when less than this remains. */
export const TOKEN_EXPIRING_THRESHOLD_MS = 5 * MINUTE_MS
/** The refresh timer fires this long before the token's expiry. */
export const TOKEN_REFRESH_BEFORE_EXPIRY_MS = 10 * MINUTE_MS

// Auth wait (spec section 5)
export const AUTH_WAIT_ATTEMPTS = 50
export const AUTH_WAIT_INTERVAL_MS = 100

// Heartbeat
export const HEARTBEAT_WATCHING_INTERVAL_MS = 1 * MINUTE_MS
export const HEARTBEAT_IDLE_INTERVAL_MS = 20 * MINUTE_MS
/** A heartbeat is skipped while watching if the last one went out less than this ago. */
export const HEARTBEAT_MIN_GAP_WATCHING_MS = 1 * MINUTE_MS
/** The same guard while idle. */
export const HEARTBEAT_MIN_GAP_IDLE_MS = 5 * MINUTE_MS

// Session tracking
export const BATCH_UPDATE_DELAY_MS = 5 * SECOND_MS
export const DEVICE_LIST_CACHE_TTL_MS = 60 * SECOND_MS
/** How long the server's `serverState` hint may be trusted instead of asking again. */
export const SERVER_STATE_HINT_TTL_MS = 30 * SECOND_MS
/** A registration that failed for want of a network is tried again after this; it doubles each time. */
export const REGISTRATION_RETRY_BASE_DELAY_MS = 5 * SECOND_MS
/** The longest wait between those tries. */
export const REGISTRATION_RETRY_MAX_DELAY_MS = 5 * MINUTE_MS

// Cookies and stored records
export const AUTH_COOKIE_MAX_AGE_S = 7 * DAY_S
export const ROLE_COOKIE_MAX_AGE_S = 7 * DAY_S
export const COOKIE_PATH = '/'
export const COOKIE_SAME_SITE = 'lax'
export const LAST_LOGIN_INFO_TTL_MS = 30 * DAY_S * SECOND_MS

// Profile
export const PROFILE_REDIRECT_LIMIT = 3

// OAuth
export const OAUTH_SESSION_RETRIEVAL_ATTEMPTS = 3
/** First back-off between session retrieval attempts; it doubles each time. */
export const OAUTH_SESSION_RETRY_BASE_DELAY_MS = 500
/** Wait after setting the session or exchanging the code, before reading it back. */
export const OAUTH_SESSION_SETTLE_MS = 500
export const OAUTH_IN_PROGRESS_WAIT_MS = 10 * SECOND_MS
export const OAUTH_IN_PROGRESS_POLL_MS = 500
export const REDIRECT_AFTER_OAUTH_MS = 1 * SECOND_MS
export const REDIRECT_AFTER_LOGOUT_MS = 100

// Not in the spec: the auth service's own bounds
/** Sign-out waits this long at most for the work registered to run before it (onBeforeSignOut). */
export const SIGN_OUT_HOOKS_TIMEOUT_MS = 3 * SECOND_MS
/** A refresh that failed for want of a network, while the token still works, is tried again after this. */
export const TOKEN_REFRESH_RETRY_MS = 30 * SECOND_MS

// Visit analytics
/** A visit shorter than this counts as a bounce. */
export const BOUNCE_THRESHOLD_MS = 15 * SECOND_MS

// Hosted service (supabase-js) client settings
export const SUPABASE_AUTO_REFRESH_TICK_MS = 30 * SECOND_MS
/** The session is refreshed when it expires within this many ticks. */
export const SUPABASE_AUTO_REFRESH_TICK_THRESHOLD = 3
/** First retry back-off of a failed refresh; it doubles each time. */
export const SUPABASE_RETRY_BASE_DELAY_MS = 200
export const REALTIME_HEARTBEAT_INTERVAL_MS = 25 * SECOND_MS
export const REALTIME_JOIN_TIMEOUT_MS = 10 * SECOND_MS
export const REALTIME_RECONNECT_DELAYS_MS: readonly number[] = Object.freeze([
  1 * SECOND_MS,
  2 * SECOND_MS,
  5 * SECOND_MS,
  10 * SECOND_MS,
])
export const STORAGE_LIST_DEFAULT_LIMIT = 100
export const STORAGE_CACHE_CONTROL_S = 3600
