import type { PhoneCodeSendResult, PhoneCodeVerifyResult, ProfileCompletionResult, UserProfile } from '@coursekit/core'
import { createProfileCompletionFlow, type ProfileCompletionSnapshot, type ProfileFields } from '@coursekit/core/flows'
import { useMemo } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { shallowEqual } from '../shallow-equal.ts'
import { useAuth, useAuthService } from './use-auth.ts'
import { useFlowSnapshot } from './use-flow.ts'

export interface ProfileCompletionView extends ProfileCompletionSnapshot {
  /** The profile as saved now (null before it is read, or signed out): prefill the form with it. */
  profile: UserProfile | null
  /** 0, 33, 67 or 100 for the fields as typed; the phone counts once it is verified (or already saved). */
  completion(fields: ProfileFields): number
  /** Whether `phone`, in any written form, is the verified number (or the one already saved). */
  isPhoneVerified(phone: string): boolean
  /** Texts a 6-digit code to the number; `resendSecondsLeft` then counts down the minute before another. */
  sendCode(phone: string): Promise<PhoneCodeSendResult>
  /** Checks the code sent last; a wrong or expired one sets `phoneError` with the server's words. */
  verifyCode(code: string): Promise<PhoneCodeVerifyResult>
  /** Saves; on success the app is sent where the person was going, else `error` and `suggestion` say why. */
  complete(fields: ProfileFields): Promise<ProfileCompletionResult>
  /** "나중에 하기": leaves unfinished for where the person was going (the redirects stop after 3). */
  skip(): string
}

const selectSaved = (state: { profile: UserProfile | null }) => ({ profile: state.profile })

/**
 * The completion page `/sign/complete/{userId}/{email}` (spec section 4, decisions.md): name,
 * nickname and a phone verified by an SMS code, saved through users/create. The page renders a form
 * prefilled from `profile` and:
 * - shows `completion(fields)` as its progress (the phone counts once verified);
 * - on "인증번호 받기" calls `sendCode(phone)`, then shows a code field with `codeSecondsLeft`
 *   (m:ss) and disables resending while `resendSecondsLeft > 0`; `phoneError` goes under the field;
 * - on "확인" calls `verifyCode(code)`; `phoneStatus === 'verified'` (or `isPhoneVerified(phone)`
 *   for the number typed now) marks the number done;
 * - submits with `complete(fields)` (disabled while `saving`); on success the client navigates on
 *   its own, on failure it shows `error` and `suggestion` (DUPLICATE_PHONE / DUPLICATE_EMAIL also
 *   toast 계정 생성 실패);
 * - may offer "나중에 하기" with `skip()`.
 * The countdowns tick once a second on the client's clock while the page is mounted.
 */
export function useProfileCompletion(): ProfileCompletionView {
  const client = useCourseClient()
  const auth = useAuthService()
  // Creating a flow has no effect until it is subscribed, so a discarded one costs nothing.
  const flow = useMemo(() => createProfileCompletionFlow(auth, client.clock), [auth, client])
  const snapshot = useFlowSnapshot(flow)
  const { profile } = useAuth(selectSaved, shallowEqual)
  const commands = useMemo(
    () => ({
      completion: flow.completion,
      isPhoneVerified: flow.isPhoneVerified,
      sendCode: flow.sendCode,
      verifyCode: flow.verifyCode,
      complete: flow.complete,
      skip: flow.skip,
    }),
    [flow],
  )
  return { ...snapshot, profile, ...commands }
}
