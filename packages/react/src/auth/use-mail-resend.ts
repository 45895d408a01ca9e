import type { MailPurpose } from '@coursekit/core'
import { createMailResendFlow, type MailResendFlow, type MailResendSnapshot } from '@coursekit/core/flows'
import { useMemo } from 'react'
import { useAuthService } from './use-auth.ts'
import { useFlowSnapshot } from './use-flow.ts'

export type { MailResendStatus } from '@coursekit/core/flows'

export interface MailResendView extends MailResendSnapshot, Pick<MailResendFlow, 'resend'> {}

/**
 * "Send it again" for the confirmation (`signup`) or the password reset (`recovery`) mail (the
 * core's mail resend flow), to `email` or, without one, to the address this browser asked it for.
 */
export function useMailResend(purpose: MailPurpose, email?: string | null): MailResendView {
  const auth = useAuthService()
  const flow = useMemo(() => createMailResendFlow(auth, purpose, email), [auth, purpose, email])
  const snapshot = useFlowSnapshot(flow)
  return useMemo(() => ({ ...snapshot, resend: flow.resend }), [snapshot, flow])
}
