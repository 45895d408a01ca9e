import { createPasswordChangeFlow, type PasswordChangeFlow, type PasswordChangeSnapshot } from '@coursekit/core/flows'
import { useMemo } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { offerSignInEmail } from '../notices/page-memory.ts'
import { useAuthService } from './use-auth.ts'
import { useFlowSnapshot } from './use-flow.ts'

export type { PasswordChangeStatus } from '@coursekit/core/flows'

export interface PasswordChangeView extends PasswordChangeSnapshot, Pick<PasswordChangeFlow, 'submit'> {}

/**
 * The new-password form of /sign/reset-password/confirm or of a signed-in user (the core's
 * password change flow). After a reset link's change the sign-in form the person is sent to starts
 * with the account's address (usePasswordSignIn's `suggestedEmail`).
 */
export function usePasswordChange(): PasswordChangeView {
  const client = useCourseClient()
  const auth = useAuthService()
  const flow = useMemo(
    () =>
      createPasswordChangeFlow(
        { auth, events: client.events, location: client.platform.location },
        { onResetAddress: (email) => offerSignInEmail(client, email) },
      ),
    [auth, client],
  )
  const snapshot = useFlowSnapshot(flow)
  return useMemo(() => ({ ...snapshot, submit: flow.submit }), [snapshot, flow])
}
