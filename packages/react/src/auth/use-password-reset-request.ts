import {
  createPasswordResetRequestFlow,
  type PasswordResetRequestFlow,
  type PasswordResetRequestSnapshot,
} from '@coursekit/core/flows'
import { useMemo } from 'react'
import { useAuthService } from './use-auth.ts'
import { useFlowSnapshot } from './use-flow.ts'

export type { PasswordResetRequestStatus } from '@coursekit/core/flows'

export interface PasswordResetRequestView
  extends PasswordResetRequestSnapshot,
    Pick<PasswordResetRequestFlow, 'submit' | 'reset'> {}

/** The "forgot my password" form (the core's reset request flow): one address, a reset link mailed to it. */
export function usePasswordResetRequest(): PasswordResetRequestView {
  const auth = useAuthService()
  const flow = useMemo(() => createPasswordResetRequestFlow(auth), [auth])
  const snapshot = useFlowSnapshot(flow)
  return useMemo(() => ({ ...snapshot, submit: flow.submit, reset: flow.reset }), [snapshot, flow])
}
