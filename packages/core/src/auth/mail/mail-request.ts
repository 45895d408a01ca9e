import type { AuthFlowDeps } from '../auth-flow-deps.ts'
import { mailWaitSeconds } from './mail-send-limit.ts'
import type { MailPurpose } from './mailed-addresses.ts'

export interface MailAnswer<T> {
  /** What the supabase-js call answered. */
  answer: T
  /** The server refused to mail `email` this soon: seconds until it will. Null otherwise. */
  waitSeconds: number | null
}

/**
 * One supabase-js call that mails `email` (sign-up, resend, password reset): the address is
 * remembered for `purpose` (an expired link then offers a new one without asking for it), and a 429
 * starts the address's countdown on the client's clock.
 */
export async function requestMail<T extends { error: unknown }>(
  ctx: AuthFlowDeps,
  purpose: MailPurpose,
  email: string,
  send: () => Promise<T>,
): Promise<MailAnswer<T>> {
  ctx.mail.addresses.remember(purpose, email)
  const answer = await send()
  const waitSeconds = answer.error ? mailWaitSeconds(answer.error) : null
  if (waitSeconds !== null) ctx.mail.cooldown.wait(email, waitSeconds)
  return { answer, waitSeconds }
}
