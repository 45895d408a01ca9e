import { createSignUpFlow, type SignUpFlow, type SignUpSnapshot } from '@coursekit/core/flows'
import { useMemo } from 'react'
import { useAuthService } from './use-auth.ts'
import { useFlowSnapshot } from './use-flow.ts'

export type { SignUpFieldErrors, SignUpStatus } from '@coursekit/core/flows'

export interface SignUpView
  extends SignUpSnapshot,
    Pick<SignUpFlow, 'setConsent' | 'setAllConsents' | 'submit' | 'reset'> {}

/**
 * The e-mail sign-up form (the core's sign-up flow): the fields and consents checked before
 * anything is sent, then the check-your-e-mail step; a wait the auth server asks for counts down
 * in `message`.
 */
export function useSignUp(): SignUpView {
  const auth = useAuthService()
  const flow = useMemo(() => createSignUpFlow(auth), [auth])
  const snapshot = useFlowSnapshot(flow)
  return useMemo(
    () => ({
      ...snapshot,
      setConsent: flow.setConsent,
      setAllConsents: flow.setAllConsents,
      submit: flow.submit,
      reset: flow.reset,
    }),
    [snapshot, flow],
  )
}
