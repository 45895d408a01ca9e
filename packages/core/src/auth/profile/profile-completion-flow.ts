import { formatKoreanPhone, normaliseKoreanPhone } from '../../contract/korean-phone.ts'
import type { Clock } from '../../kernel/clock.ts'
import { decisionMessages } from '../../kernel/messages.ts'
import { SECOND } from '../../kernel/time-units.ts'
import { authFailure } from '../auth-command-results.ts'
import type { AuthService } from '../auth-service.ts'
import type {
  PhoneCodeSendResult,
  PhoneCodeVerifyResult,
  ProfileCompletionResult,
} from './profile-completion-commands.ts'
import { profileCompletion } from './profile-rules.ts'

export type PhoneVerificationStatus = 'idle' | 'sending' | 'code-sent' | 'verifying' | 'verified'

/** The completion page as a UI shows it. A new object whenever anything in it changes. */
export interface ProfileCompletionSnapshot {
  phoneStatus: PhoneVerificationStatus
  /** The number the code went to, or that is verified, written 010-1234-5678. */
  phone: string | null
  /** Whole seconds until the sent code expires; null when no code is waiting. */
  codeSecondsLeft: number | null
  /** Whole seconds until another code may be sent; 0 when one may. */
  resendSecondsLeft: number
  /** Why the last send or verification did not work, in Korean. */
  phoneError: string | null
  saving: boolean
  /** Why the last save did not work (the server's error for DUPLICATE_PHONE / DUPLICATE_EMAIL). */
  error: string | null
  errorCode: string | null
  /** The server's advice with DUPLICATE_PHONE / DUPLICATE_EMAIL. */
  suggestion: string | null
}

export interface ProfileFields {
  name: string
  nickname: string
  phone: string
}

/**
 * The completion page's flow over `client.auth`'s commands: send a code, verify it, save. It keeps
 * the verification token to itself (never in a snapshot) and counts down, on the client's clock,
 * the code's life and the wait before another may be sent. Creating one does nothing; subscribing
 * starts the countdown when one runs.
 */
export interface ProfileCompletionFlow {
  getSnapshot(): ProfileCompletionSnapshot
  subscribe(listener: () => void): () => void
  sendCode(phone: string): Promise<PhoneCodeSendResult>
  /** Verifies a code for the number it was sent to. */
  verifyCode(code: string): Promise<PhoneCodeVerifyResult>
  /** Whether `phone` (any written form) is the verified number, or the one already saved. */
  isPhoneVerified(phone: string): boolean
  /** 0, 33, 67 or 100 for the fields as typed; the phone counts once verified (or already saved). */
  completion(fields: ProfileFields): number
  /** Saves with the verification token; on success the app goes where the person was going. */
  complete(fields: ProfileFields): Promise<ProfileCompletionResult>
  /** Leaves unfinished, for where the person was going. */
  skip(): string
}

const initial: ProfileCompletionSnapshot = Object.freeze({
  phoneStatus: 'idle',
  phone: null,
  codeSecondsLeft: null,
  resendSecondsLeft: 0,
  phoneError: null,
  saving: false,
  error: null,
  errorCode: null,
  suggestion: null,
})

export function createProfileCompletionFlow(auth: AuthService, clock: Clock): ProfileCompletionFlow {
  let snapshot = initial
  const listeners = new Set<() => void>()
  /** The national digits of the number the code went to or that was verified. */
  let codeFor: string | null = null
  let codeExpiresAt: number | null = null
  let resendAt: number | null = null
  let verification: { national: string; token: string } | null = null
  let timer: { handle: unknown } | null = null

  function set(patch: Partial<ProfileCompletionSnapshot>): void {
    const next = { ...snapshot, ...patch }
    if ((Object.keys(patch) as (keyof ProfileCompletionSnapshot)[]).every((key) => Object.is(next[key], snapshot[key])))
      return
    snapshot = next
    for (const listener of [...listeners]) listener()
  }

  const secondsUntil = (at: number | null) => (at === null ? 0 : Math.max(0, Math.ceil((at - clock.now()) / SECOND)))

  /** Recomputes the countdowns; a code whose time ran out is gone (verify it no more). */
  function tick(): void {
    timer = null
    const codeLeft = codeExpiresAt === null ? null : secondsUntil(codeExpiresAt)
    const waiting = snapshot.phoneStatus === 'code-sent' || snapshot.phoneStatus === 'verifying'
    if (codeLeft === 0 && waiting) {
      codeExpiresAt = null
      set({ phoneStatus: 'idle', codeSecondsLeft: null, resendSecondsLeft: secondsUntil(resendAt) })
    } else {
      set({ codeSecondsLeft: waiting ? codeLeft : null, resendSecondsLeft: secondsUntil(resendAt) })
    }
    schedule()
  }

  /** One tick at the next whole second of a countdown that runs, while anyone listens. */
  function schedule(): void {
    if (timer !== null || listeners.size === 0) return
    const running = [codeExpiresAt, resendAt].filter((at): at is number => at !== null && at > clock.now())
    if (running.length === 0) return
    const now = clock.now()
    const next = Math.min(...running.map((at) => now + (((at - now - 1) % SECOND) + 1)))
    timer = { handle: clock.setTimeout(tick, next - now) }
  }

  function unschedule(): void {
    if (timer !== null) clock.clearTimeout(timer.handle)
    timer = null
  }

  function savedPhone(): string | null {
    const phone = auth.store.getState().profile?.phone
    return phone ? normaliseKoreanPhone(phone) : null
  }

  function isPhoneVerified(phone: string): boolean {
    const national = normaliseKoreanPhone(phone)
    return national !== null && (national === verification?.national || national === savedPhone())
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      schedule()
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) unschedule()
      }
    },

    async sendCode(phone) {
      set({ phoneStatus: 'sending', phoneError: null })
      const result = await auth.sendPhoneCode(phone)
      if (result.status === 'sent') {
        codeFor = normaliseKoreanPhone(result.phone)
        codeExpiresAt = result.expiresAt
        resendAt = result.resendAt
        verification = null
        unschedule()
        set({
          phoneStatus: 'code-sent',
          phone: result.phone,
          codeSecondsLeft: secondsUntil(codeExpiresAt),
          resendSecondsLeft: secondsUntil(resendAt),
        })
        schedule()
        return result
      }
      if (result.status === 'too-soon') {
        resendAt = result.resendAt
        set({ phoneError: result.message, resendSecondsLeft: secondsUntil(resendAt) })
        schedule()
      } else {
        set({ phoneError: result.message })
      }
      set({ phoneStatus: codeExpiresAt !== null && codeExpiresAt > clock.now() ? 'code-sent' : 'idle' })
      return result
    },

    async verifyCode(code) {
      if (codeFor === null || snapshot.phoneStatus !== 'code-sent') {
        set({ phoneError: decisionMessages.phoneCodeNotSent })
        return authFailure(decisionMessages.phoneCodeNotSent, 'PHONE_CODE_NOT_SENT')
      }
      const national = codeFor
      set({ phoneStatus: 'verifying', phoneError: null })
      const result = await auth.verifyPhoneCode(formatKoreanPhone(national), code)
      // A code sent meanwhile to another number makes this answer stale.
      if (codeFor !== national) return result
      if (result.status === 'verified') {
        verification = { national, token: result.verificationToken }
        codeExpiresAt = null
        set({ phoneStatus: 'verified', phone: result.phone, codeSecondsLeft: null })
        return result
      }
      if (result.status === 'rejected' && result.reason !== 'mismatch') codeExpiresAt = null
      const waiting = codeExpiresAt !== null && codeExpiresAt > clock.now()
      set({
        phoneStatus: waiting ? 'code-sent' : 'idle',
        codeSecondsLeft: waiting ? secondsUntil(codeExpiresAt) : null,
        phoneError: result.message,
      })
      return result
    },

    isPhoneVerified,

    completion: (fields) =>
      profileCompletion({
        name: fields.name,
        nickname: fields.nickname,
        phone: isPhoneVerified(fields.phone) ? fields.phone : null,
      }),

    async complete(fields) {
      set({ saving: true, error: null, errorCode: null, suggestion: null })
      const national = normaliseKoreanPhone(fields.phone)
      const token = national !== null && verification?.national === national ? verification.token : null
      const result = await auth.completeProfile({ ...fields, phoneVerificationToken: token })
      if (result.status === 'completed') {
        verification = null
        set({ saving: false })
      } else {
        set({ saving: false, error: result.message, errorCode: result.code, suggestion: result.suggestion ?? null })
      }
      return result
    },

    skip: () => auth.skipProfileCompletion(),
  }
}
