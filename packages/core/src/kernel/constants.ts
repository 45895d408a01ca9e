/**
 * Every number of spec section 9, named with its unit. Services import these; nothing time- or
 * count-based is written inline anywhere else. docs/contract/constants.md lists each with what it
 * governs: a constant added here goes there too.
 */

import { DAY, MINUTE, SECOND } from './time-units.ts'

const DAY_S = DAY / SECOND

// Tokens
/** A token counts as expiring when less than this remains. */
export const TOKEN_EXPIRING_THRESHOLD_MS = 5 * MINUTE
/** The refresh timer fires this long before the token's expiry. */
export const TOKEN_REFRESH_BEFORE_EXPIRY_MS = 10 * MINUTE

// Auth wait (spec section 5)
/**
 * How long a call needing auth waits for auth to start: the spec's 50 checks of 100 ms. The call
 * waits on auth's own signal, not by checking, so it goes the moment auth is ready.
 */
export const AUTH_WAIT_LIMIT_MS = 5 * SECOND

// Heartbeat
export const HEARTBEAT_WATCHING_INTERVAL_MS = 1 * MINUTE
export const HEARTBEAT_IDLE_INTERVAL_MS = 20 * MINUTE
/** A heartbeat is skipped while watching if the last one went out less than this ago. */
export const HEARTBEAT_MIN_GAP_WATCHING_MS = 1 * MINUTE
/** The same guard while idle. */
export const HEARTBEAT_MIN_GAP_IDLE_MS = 5 * MINUTE

// Session tracking
export const BATCH_UPDATE_DELAY_MS = 5 * SECOND
export const DEVICE_LIST_CACHE_TTL_MS = 60 * SECOND
/** How long the server's `serverState` hint may be trusted instead of asking again. */
export const SERVER_STATE_HINT_TTL_MS = 30 * SECOND
/** A registration that failed for want of a network or on the server is tried again after this; it doubles each time. */
export const REGISTRATION_RETRY_BASE_DELAY_MS = 5 * SECOND
/** The longest wait between those tries. */
export const REGISTRATION_RETRY_MAX_DELAY_MS = 5 * MINUTE
/**
 * A device the server forgot (SESSION_REVOKED, reason unknown) registers again, but not twice within
 * this long: a server that keeps forgetting signs the person out instead of looping.
 */
export const FORGOTTEN_REREGISTER_MIN_GAP_MS = 10 * MINUTE

// Cookies and stored records
export const AUTH_COOKIE_MAX_AGE_S = 7 * DAY_S
export const ROLE_COOKIE_MAX_AGE_S = 7 * DAY_S
export const COOKIE_PATH = '/'
export const COOKIE_SAME_SITE = 'lax'
export const LAST_LOGIN_INFO_TTL_MS = 30 * DAY

// Profile
export const PROFILE_REDIRECT_LIMIT = 3

// OAuth
export const OAUTH_SESSION_RETRIEVAL_ATTEMPTS = 3
/** First back-off between session retrieval attempts; it doubles each time. */
export const OAUTH_SESSION_RETRY_BASE_DELAY_MS = 500
/** Wait after setting the session or exchanging the code, before reading it back. */
export const OAUTH_SESSION_SETTLE_MS = 500
export const OAUTH_IN_PROGRESS_WAIT_MS = 10 * SECOND
export const OAUTH_IN_PROGRESS_POLL_MS = 500
export const REDIRECT_AFTER_OAUTH_MS = 1 * SECOND
export const REDIRECT_AFTER_LOGOUT_MS = 100

// Not in the spec: the auth service's own bounds
/** Sign-out waits this long at most for the work registered to run before it (onBeforeSignOut). */
export const SIGN_OUT_HOOKS_TIMEOUT_MS = 3 * SECOND
/** A refresh that failed for want of a network, while the token still works, is tried again after this. */
export const TOKEN_REFRESH_RETRY_MS = 30 * SECOND
/**
 * A tab granted the refresh lock while another tab's mark tells of a refresh it has no word of yet
 * reads storage again this often while it waits for the word (see refresh-holding-lock.ts).
 */
export const REFRESH_WORD_WAIT_MS = SECOND

// Visit analytics
/** A visit shorter than this counts as a bounce. */
export const BOUNCE_THRESHOLD_MS = 15 * SECOND

// Hosted service (supabase-js) client settings
export const SUPABASE_AUTO_REFRESH_TICK_MS = 30 * SECOND
/** The session is refreshed when it expires within this many ticks. */
export const SUPABASE_AUTO_REFRESH_TICK_THRESHOLD = 3
/** First retry back-off of a failed refresh; it doubles each time. */
export const SUPABASE_RETRY_BASE_DELAY_MS = 200
export const REALTIME_HEARTBEAT_INTERVAL_MS = 25 * SECOND
export const REALTIME_JOIN_TIMEOUT_MS = 10 * SECOND
export const REALTIME_RECONNECT_DELAYS_MS: readonly number[] = Object.freeze([
  1 * SECOND,
  2 * SECOND,
  5 * SECOND,
  10 * SECOND,
])
export const STORAGE_LIST_DEFAULT_LIMIT = 100
export const STORAGE_CACHE_CONTROL_S = 3600

// Not in the spec: the admin area (decisions.md).
/** How often the admin area's session list is read again while it is shown. */
export const ADMIN_SESSIONS_REFRESH_MS = 30 * SECOND

// Not in the spec: the content reads' cache (issue 27).
/** A content read (catalogue, course, notices, ...) answered less than this ago is not read again. */
export const QUERY_STALE_MS = 1 * MINUTE
/** A read nobody has shown for this long is dropped from the cache. */
export const QUERY_GC_MS = 5 * MINUTE

// Not in the spec: lesson progress (decisions.md, "Lessons and media").
/** While a lesson plays, its position is saved this often (and on pause and on page hide). */
export const LESSON_PROGRESS_SAVE_INTERVAL_MS = 10 * SECOND
/** A watch that reaches this share of the lesson's length (its last 5 %) finishes it. */
export const LESSON_DONE_THRESHOLD = 0.95
/** At a lesson's end the player counts down this long before the course's next lesson plays. */
export const NEXT_LESSON_COUNTDOWN_MS = 5 * SECOND
