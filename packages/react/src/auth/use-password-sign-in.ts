import { noticeTopics } from '@coursekit/core'
import { createPasswordSignInFlow, type PasswordSignInFlow, type PasswordSignInSnapshot } from '@coursekit/core/flows'
import { useEffect, useMemo } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { forgetSignInEmail, offeredSignInEmail, useNoticeShownHere } from '../notices/page-memory.ts'
import { useLatest } from '../use-latest.ts'
import { useAuthService } from './use-auth.ts'
import { useFlowSnapshot } from './use-flow.ts'

export type { PasswordSignInStatus, SignInFieldError } from '@coursekit/core/flows'

export interface PasswordSignInView
  extends PasswordSignInSnapshot,
    Pick<PasswordSignInFlow, 'submit' | 'resend' | 'reset'> {}

/**
 * E-mail and password sign-in for a form (the core's password sign-in flow): on success the person
 * goes back to `returnTo` (a `?redirect=` value, made safe). The form starts with the address a
 * password reset offered in this browser, once. The form shows why a sign-in failed (`message`), so
 * the client's sign-in toasts are left out while it is mounted.
 */
export function usePasswordSignIn(returnTo: string | null | undefined): PasswordSignInView {
  const client = useCourseClient()
  const auth = useAuthService()
  const latestReturnTo = useLatest(returnTo)
  const flow = useMemo(
    () =>
      createPasswordSignInFlow(
        { auth, events: client.events, location: client.platform.location },
        { returnTo: () => latestReturnTo.current, suggestedEmail: offeredSignInEmail(client) },
      ),
    [auth, client, latestReturnTo],
  )
  useEffect(() => forgetSignInEmail(client), [client])
  useNoticeShownHere(noticeTopics.signIn)
  const snapshot = useFlowSnapshot(flow)
  return useMemo(() => ({ ...snapshot, submit: flow.submit, resend: flow.resend, reset: flow.reset }), [snapshot, flow])
}
