/**
 * The auth server's "too many mails" answer. GoTrue allows one mail per address per window (60 s by
 * default) for sign-up confirmations, resends, recovery and e-mail changes; within it, 429
 * `over_email_send_rate_limit` "For security purposes, you can only request this after N seconds."
 * Read without importing supabase-js, from the AuthError's public `status`, `code` and `message`.
 */
export const MAIL_RATE_LIMIT_CODE = 'over_email_send_rate_limit'

/** When a 429 does not say how long (another limit, a proxy): GoTrue's default window. */
export const DEFAULT_MAIL_WAIT_S = 60

const AFTER_SECONDS = /after (\d+) seconds?/i

/** Whole seconds to wait before this address may be mailed again, when `error` is a 429; else null. */
export function mailWaitSeconds(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null
  const { status, code, message } = error as { status?: unknown; code?: unknown; message?: unknown }
  if (status !== 429 && code !== MAIL_RATE_LIMIT_CODE) return null
  const stated = typeof message === 'string' ? AFTER_SECONDS.exec(message) : null
  const seconds = stated ? Number(stated[1]) : DEFAULT_MAIL_WAIT_S
  return Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_MAIL_WAIT_S
}
