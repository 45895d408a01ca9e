import type { BackendContext } from '../context.ts'
import type { AuthUser } from '../users.ts'
import type { OneTimeTokenType } from './one-time-tokens.ts'
import type { CodeChallenge } from './pkce.ts'
import type { AuthMethod } from './sessions.ts'

const FLOW_OF: Record<OneTimeTokenType, { authMethod: AuthMethod; providerType: string }> = {
  signup: { authMethod: 'email/signup', providerType: 'email' },
  recovery: { authMethod: 'recovery', providerType: 'recovery' },
  email_change: { authMethod: 'email_change', providerType: 'email_change' },
}

/**
 * "Sends" a confirmation, recovery or e-mail change link into the dev mailbox. With a code
 * challenge the link belongs to a PKCE flow: following it redirects with ?code= rather than tokens.
 */
export function sendVerificationMail(
  ctx: BackendContext,
  user: AuthUser,
  type: OneTimeTokenType,
  redirectTo: string,
  challenge: CodeChallenge | null,
  address: string = user.email,
): void {
  const flow = challenge && ctx.authSessions.flowStates.create({ challenge, userId: user.id, ...FLOW_OF[type] })
  const { token } = ctx.authSessions.oneTimeTokens.issue({
    type,
    userId: user.id,
    email: address,
    flowStateId: flow ? flow.id : null,
  })
  const query = new URLSearchParams({ token, type, redirect_to: redirectTo })
  const link = `${ctx.options.publicUrl}/auth/v1/verify?${query.toString()}`
  ctx.mailbox.send(address, type, link, token)
  const now = ctx.clock.now()
  if (type === 'signup') user.confirmationSentAt = now
  if (type === 'recovery') user.recoverySentAt = now
}
