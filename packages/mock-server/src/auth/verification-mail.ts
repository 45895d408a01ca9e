import type { BackendContext } from '../context.ts'
import type { AuthUser } from '../users.ts'
import { AuthError } from './errors.ts'
import type { OneTimeToken, OneTimeTokenType } from './one-time-tokens.ts'
import type { CodeChallenge } from './pkce.ts'
import type { AuthMethod } from './sessions.ts'

export const FLOW_OF: Record<OneTimeTokenType, { authMethod: AuthMethod; providerType: string }> = {
  signup: { authMethod: 'email/signup', providerType: 'email' },
  recovery: { authMethod: 'recovery', providerType: 'recovery' },
  email_change: { authMethod: 'email_change', providerType: 'email_change' },
}

/** When the user's last mail of this kind went out: GoTrue limits each kind by its own timestamp. */
const LAST_SENT: Record<OneTimeTokenType, (user: AuthUser) => number | null> = {
  signup: (user) => user.confirmationSentAt,
  recovery: (user) => user.recoverySentAt,
  email_change: (user) => user.emailChangeSentAt,
}

/**
 * "Sends" a confirmation, recovery or e-mail change mail into the dev mailbox, or refuses with
 * GoTrue's 429 when the user's previous mail of that kind went out less than `emailMaxFrequencyMs`
 * ago. An e-mail change (`newEmail`) mails both addresses. With a code challenge the links belong to
 * a PKCE flow: following one redirects with ?code= rather than tokens. The flow state is made where
 * GoTrue makes it: for a recovery before the limit is checked (so it stays even when refused), for
 * the others inside the refused transaction (so a refusal leaves none).
 */
export function sendVerificationMail(
  ctx: BackendContext,
  user: AuthUser,
  type: OneTimeTokenType,
  redirectTo: string,
  challenge: CodeChallenge | null,
  newEmail?: string,
): void {
  const flows = ctx.authSessions.flowStates
  const startFlow = () => challenge && flows.create({ challenge, userId: user.id, ...FLOW_OF[type] })
  if (type === 'recovery') startFlow()
  checkMailFrequency(ctx, user, type)
  if (type !== 'recovery') startFlow()

  const tokens = ctx.authSessions.oneTimeTokens
  const pkce = challenge !== null
  const records: OneTimeToken[] =
    type === 'email_change' && newEmail !== undefined
      ? Object.values(tokens.issueEmailChange({ userId: user.id, currentEmail: user.email, newEmail, pkce }))
      : [tokens.issue({ type, userId: user.id, email: user.email, pkce })]
  for (const record of records) {
    const query = new URLSearchParams({ token: record.token, type, redirect_to: redirectTo })
    ctx.mailbox.send(record.email, type, `${ctx.options.publicUrl}/auth/v1/verify?${query.toString()}`, record.token)
  }
  const now = ctx.clock.now()
  if (type === 'signup') user.confirmationSentAt = now
  if (type === 'recovery') user.recoverySentAt = now
  if (type === 'email_change') user.emailChangeSentAt = now
}

/**
 * GoTrue's validateSentWithinFrequencyLimit (SMTP_MAX_FREQUENCY): 429 over_email_send_rate_limit
 * while the previous mail is younger than the limit, naming the whole seconds left as GoTrue
 * computes them (truncated: 59.9 s left reads "59 seconds").
 */
export function checkMailFrequency(ctx: BackendContext, user: AuthUser, type: OneTimeTokenType): void {
  const lastSentAt = LAST_SENT[type](user)
  const limit = ctx.options.emailMaxFrequencyMs
  if (limit === 0 || lastSentAt === null) return
  const leftMs = lastSentAt + limit - ctx.clock.now()
  if (leftMs <= 0) return
  throw new AuthError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${Math.floor(leftMs / 1000)} seconds.`,
  )
}
