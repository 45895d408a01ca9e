import type { BackendContext } from '../context.ts'
import type { AuthUser } from '../users.ts'

/**
 * For a browser test on a backend in real time (the dev route POST /__dev/mailbox/backdate): the
 * account's mails, their links and its PKCE flows happened `ms` earlier, so the one-mail-a-minute
 * limit or a flow's five minutes can run out without sleeping and without moving the clock under
 * anyone else. Undefined when no account has the address.
 */
export function backdateMail(ctx: BackendContext, email: string, ms: number): AuthUser | undefined {
  const user = ctx.users.authByEmail(email)
  if (!user) return undefined
  const earlier = (at: number | null) => (at === null ? null : at - ms)
  user.confirmationSentAt = earlier(user.confirmationSentAt)
  user.recoverySentAt = earlier(user.recoverySentAt)
  user.emailChangeSentAt = earlier(user.emailChangeSentAt)
  ctx.authSessions.oneTimeTokens.backdateUser(user.id, ms)
  ctx.authSessions.flowStates.backdateUser(user.id, ms)
  return user
}
