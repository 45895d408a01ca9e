import type { ApiClient } from '../../api/api-client-types.ts'
import type { Provider } from '../../contract/common.ts'
import {
  formatKoreanPhone,
  normaliseKoreanPhone,
  PhoneCode,
  type PhoneCodeRejection,
  PhoneCodeTooSoonBody,
} from '../../contract/phone-verification.ts'
import type { Clock } from '../../kernel/clock.ts'
import type { EventEmitter, Notice } from '../../kernel/emitter.ts'
import { decisionMessages, messages } from '../../kernel/messages.ts'
import type { Platform } from '../../kernel/ports.ts'
import type { ReadableStore } from '../../kernel/store.ts'
import { type AuthFailure, authFailure } from '../auth-command-results.ts'
import type { AuthEvents } from '../auth-events.ts'
import type { AuthFlowDeps } from '../auth-flow-deps.ts'
import type { AuthSession } from '../auth-session.ts'
import type { AuthState } from '../auth-store-state.ts'
import { createUserFailure } from '../flows/auth-account.ts'
import type { ProfileSync } from './auth-profile-sync.ts'
import { takeProfileReturnTarget } from './profile-redirect.ts'
import { profileFromRecord, type UserProfile } from './profile-rules.ts'

export type PhoneCodeSendResult =
  /** A code went to `phone` (written 010-1234-5678). Times are on the client's clock. */
  | { status: 'sent'; phone: string; expiresAt: number; resendAt: number }
  /** A code went to this number under a minute ago; another may go at `resendAt`. */
  | { status: 'too-soon'; message: string; resendAt: number }
  | AuthFailure

export type PhoneCodeVerifyResult =
  /** `verificationToken` is what completeProfile needs with this phone. Never log it. */
  | { status: 'verified'; phone: string; verificationToken: string }
  | { status: 'rejected'; reason: PhoneCodeRejection; message: string }
  | AuthFailure

export interface ProfileCompletionInput {
  name: string
  nickname: string
  phone: string
  /** From verifyPhoneCode for this phone; not needed when the phone is the one already saved. */
  phoneVerificationToken?: string | null
}

export type ProfileCompletionResult =
  /** Saved; the app is on its way to `redirectTo`, where the person was going. */
  { status: 'completed'; profile: UserProfile; redirectTo: string } | AuthFailure

/** `client.auth`'s commands for the completion page (decisions.md: phone verification, users/create). */
export interface ProfileCompletionCommands {
  /** POST phone-verification/send: a 6-digit code by SMS; one a minute per number. */
  sendPhoneCode(phone: string): Promise<PhoneCodeSendResult>
  /** POST phone-verification/verify. A wrong or expired code is `rejected`, with the server's words. */
  verifyPhoneCode(phone: string, code: string): Promise<PhoneCodeVerifyResult>
  /**
   * Saves name, nickname and the verified phone for the signed-in user (users/create completes the
   * record), applies the profile, and goes where the person was going before the completion page.
   * DUPLICATE_PHONE / DUPLICATE_EMAIL toast 계정 생성 실패 with the server's error and suggestion.
   */
  completeProfile(input: ProfileCompletionInput): Promise<ProfileCompletionResult>
  /** Leaves the completion page unfinished, for where the person was going; returns that path. */
  skipProfileCompletion(): string
}

export function createProfileCompletionCommands(deps: {
  api: ApiClient
  clock: Clock
  platform: Platform
  session: AuthSession
  profiles: ProfileSync
  store: ReadableStore<AuthState>
  events: EventEmitter<AuthEvents>
  fail: AuthFlowDeps['fail']
  navigate: AuthFlowDeps['navigate']
  notify(notice: Notice): void
}): ProfileCompletionCommands {
  const { api, clock, platform, session, profiles, fail } = deps
  const afterSeconds = (seconds: number) => clock.now() + seconds * 1000

  function leave(): string {
    const target = takeProfileReturnTarget(platform.sessionStorage, platform.location.current().origin)
    deps.navigate(target, { replace: true })
    return target
  }

  return {
    async sendPhoneCode(phone) {
      const national = normaliseKoreanPhone(phone)
      if (national === null) return authFailure(decisionMessages.invalidPhone, 'INVALID_PHONE')
      const answer = await api.call('sendPhoneCode', { body: { phone: national } }, { notify: false })
      if (answer.ok) {
        const { data } = answer
        return {
          status: 'sent',
          phone: data.phone,
          expiresAt: afterSeconds(data.expiresInSec),
          resendAt: afterSeconds(data.resendAfterSec),
        }
      }
      const tooSoon = PhoneCodeTooSoonBody.safeParse(answer.body)
      if (tooSoon.success) {
        return { status: 'too-soon', message: tooSoon.data.error, resendAt: afterSeconds(tooSoon.data.retryAfterSec) }
      }
      return authFailure(answer.error, answer.code)
    },

    async verifyPhoneCode(phone, code) {
      const national = normaliseKoreanPhone(phone)
      if (national === null) return authFailure(decisionMessages.invalidPhone, 'INVALID_PHONE')
      if (!PhoneCode.safeParse(code.trim()).success)
        return authFailure(decisionMessages.invalidPhoneCode, 'INVALID_CODE')
      const answer = await api.call(
        'verifyPhoneCode',
        { body: { phone: national, code: code.trim() } },
        { notify: false },
      )
      if (!answer.ok) return authFailure(answer.error, answer.code)
      const { data } = answer
      if (data.verified) return { status: 'verified', phone: data.phone, verificationToken: data.verificationToken }
      return { status: 'rejected', reason: data.reason, message: data.message }
    },

    async completeProfile(input) {
      const active = session.current()
      if (!active) return fail(messages.loginRequired, 'LOGIN_REQUIRED')
      const name = input.name.trim()
      const nickname = input.nickname.trim()
      if (name === '') return fail(decisionMessages.nameRequired, 'NAME_REQUIRED')
      if (nickname === '') return fail(decisionMessages.nicknameRequired, 'NICKNAME_REQUIRED')
      const national = normaliseKoreanPhone(input.phone)
      if (national === null) return fail(decisionMessages.invalidPhone, 'INVALID_PHONE')
      const current = deps.store.getState().profile
      const saved = current?.phone ? normaliseKoreanPhone(current.phone) : null
      if (!input.phoneVerificationToken && saved !== national) {
        return fail(decisionMessages.phoneNotVerified, 'PHONE_NOT_VERIFIED')
      }
      const { user } = active
      const provider: Provider = current?.provider ?? user.provider ?? 'EMAIL'
      const created = await api.call(
        'createUser',
        {
          body: {
            id: user.id,
            email: user.email ?? current?.email ?? '',
            oauthProviders: current?.oauthProviders.length ? current.oauthProviders : [provider],
            provider,
            name,
            nickname,
            phone: formatKoreanPhone(national),
            phoneVerificationToken: input.phoneVerificationToken ?? null,
          },
        },
        // The record exists (a sign-up or an OAuth SIGNUP made it): only its own user may complete it.
        { notify: false, requireUser: true },
      )
      if (!created.ok) return createUserFailure({ notify: deps.notify, fail }, created)
      if (session.current()?.user.id !== user.id) return fail(messages.loginRequired, 'LOGIN_REQUIRED')
      // The saved fields, not the profile as the redirect limit may treat it.
      const wasComplete = deps.store.getState().profileCompletion === 100
      const record = profileFromRecord(created.data.user)
      const profile = profiles.apply(record)
      // An e-mail account's sign-up completed when its address was confirmed; a Google or Kakao
      // SIGNUP's completes here, when its profile first becomes complete.
      if (provider !== 'EMAIL' && !wasComplete && record.hasProfile) {
        deps.events.emit('signedUp', { userId: user.id, provider })
      }
      return { status: 'completed', profile, redirectTo: leave() }
    },

    skipProfileCompletion: leave,
  }
}
