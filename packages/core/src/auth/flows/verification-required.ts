import type { VerificationRequired } from '../auth-command-results.ts'
import type { AuthFlowDeps } from '../auth-flow-deps.ts'

/** The account exists but its e-mail must be confirmed first (sign-in and account creation both end here). */
export function verificationRequired(
  ctx: Pick<AuthFlowDeps, 'store'>,
  email: string,
  message: string | null = null,
): VerificationRequired {
  ctx.store.setState({ isLoading: false, error: message })
  return { status: 'verification-required', email, message }
}
