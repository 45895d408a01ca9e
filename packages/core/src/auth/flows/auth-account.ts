import type { ApiFailure } from '../../api/api-response.ts'
import { ErrorCode } from '../../contract/error-code.ts'
import { CreateUserErrorBody } from '../../contract/users.ts'
import { decisionMessages, decisionTemplates, messages, messageTemplates } from '../../kernel/messages.ts'
import { routes } from '../../kernel/routes.ts'
import type { AuthActionResult, AuthFailure, SignUpResult, VerificationRequired } from '../auth-command-results.ts'
import type { AuthFlowDeps } from '../auth-flow-deps.ts'
import { requestMail } from '../mail/mail-request.ts'
import { MAIL_RATE_LIMIT_CODE } from '../mail/mail-send-limit.ts'
import { authErrorMessage } from '../supabase/supabase-errors.ts'
import { consentMetadata, missingConsents, type SignUpConsents } from './sign-up-consents.ts'

export interface SignUpInput {
  email: string
  password: string
  name?: string | null
  nickname?: string | null
  phone?: string | null
  /** From phone verification for this phone (decisions.md); users/create refuses a phone without it. */
  phoneVerificationToken?: string | null
  /** 이용약관, 개인정보 수집·이용 and 만 14세 이상: `signUp` sends nothing until each is given. */
  consents?: SignUpConsents
}

const DUPLICATE_CODES: readonly string[] = [ErrorCode.duplicatePhone, ErrorCode.duplicateEmail]

/**
 * A new e-mail account: the Supabase user (which mails the confirmation link, back to
 * /auth/callback), then the platform record (users/create, status 0 until activated). Toasts of
 * section 8: 계정 생성 중 오류가 발생했습니다: … , or 계정 생성 실패 with the server's error and
 * suggestion for DUPLICATE_PHONE / DUPLICATE_EMAIL.
 */
export async function createEmailAccount(ctx: AuthFlowDeps, input: SignUpInput): Promise<SignUpResult> {
  const email = input.email.trim()
  let userId: string | undefined
  try {
    const auth = await ctx.supabase()
    const { answer, waitSeconds } = await requestMail(ctx, 'signup', email, () =>
      auth.signUp({
        email,
        password: input.password,
        options: {
          emailRedirectTo: ctx.appUrl(routes.authCallback),
          ...(input.consents ? { data: { consents: consentMetadata(input.consents, ctx.clock.now()) } } : {}),
        },
      }),
    )
    const { data, error } = answer
    if (waitSeconds !== null) return mailWait(ctx, waitSeconds)
    if (error) return creationError(ctx, authErrorMessage(error), error.code ?? null)
    // An address already confirmed: GoTrue answers as for a new one (no enumeration) with a made-up
    // user that has no identity and no mail is sent. That id is nobody's: the platform's records are
    // not touched with it, and the person sees the same check-your-e-mail screen.
    if (data.user && data.user.identities?.length === 0) return verificationRequired(ctx, email)
    userId = data.user?.id
  } catch (error) {
    return creationError(ctx, authErrorMessage(error), null)
  }
  if (!userId) return creationError(ctx, 'no user id', null)

  const created = await ctx.api.call(
    'createUser',
    {
      body: {
        id: userId,
        email,
        oauthProviders: ['EMAIL'],
        provider: 'EMAIL',
        name: input.name ?? null,
        nickname: input.nickname ?? null,
        phone: input.phone ?? null,
        ...(input.phoneVerificationToken ? { phoneVerificationToken: input.phoneVerificationToken } : {}),
      },
    },
    { notify: false },
  )
  // The address signed up before and was never confirmed: signUp mailed the link again and gave the
  // same id, whose record an earlier sign-up made and that only its signed-in owner may touch
  // (decisions.md). The person confirms, signs in, and completes what is missing there.
  if (!created.ok && created.status === 401 && created.code === ErrorCode.unauthorized) {
    return verificationRequired(ctx, email)
  }
  if (!created.ok) return createUserFailure(ctx, created)
  return verificationRequired(ctx, email)
}

/**
 * A refused users/create, for sign-up and profile completion alike: DUPLICATE_PHONE and
 * DUPLICATE_EMAIL toast 계정 생성 실패 with the server's error and suggestion (spec section 8); any
 * other failure 계정 생성 중 오류가 발생했습니다: with the reason.
 */
export function createUserFailure(ctx: Pick<AuthFlowDeps, 'notify' | 'fail'>, created: ApiFailure): AuthFailure {
  if (created.code && DUPLICATE_CODES.includes(created.code)) {
    const body = CreateUserErrorBody.safeParse(created.body)
    const detail = body.success ? body.data.error : created.error
    const suggestion = body.success ? body.data.suggestion : undefined
    ctx.notify({
      kind: 'error',
      message: messages.accountCreationFailed,
      description: [detail, suggestion].filter(Boolean).join(' '),
    })
    return ctx.fail(detail, created.code, suggestion === undefined ? {} : { suggestion })
  }
  return creationError(ctx, created.error, created.code)
}

function creationError(ctx: Pick<AuthFlowDeps, 'notify' | 'fail'>, detail: string, code: string | null): AuthFailure {
  const message = messageTemplates.accountCreationError(detail)
  ctx.notify({ kind: 'error', message })
  return ctx.fail(message, code)
}

export function verificationRequired(
  ctx: AuthFlowDeps,
  email: string,
  message: string | null = null,
): VerificationRequired {
  ctx.store.setState({ isLoading: false, error: message })
  return { status: 'verification-required', email, message }
}

/** A new e-mail account from the sign-up form: nothing is sent until every required consent is given. */
export async function signUp(ctx: AuthFlowDeps, input: SignUpInput): Promise<SignUpResult> {
  if (missingConsents(input.consents).length > 0) {
    return ctx.fail(decisionMessages.consentRequired, CONSENT_REQUIRED_CODE)
  }
  ctx.store.setState({ isLoading: true, error: null })
  return createEmailAccount(ctx, input)
}

/** For programs: a sign-up without every required consent (nothing was sent). */
export const CONSENT_REQUIRED_CODE = 'CONSENT_REQUIRED'

/** Sends the confirmation e-mail again (its link comes back to /auth/callback). */
export async function resendConfirmation(ctx: AuthFlowDeps, email: string): Promise<AuthActionResult> {
  try {
    const auth = await ctx.supabase()
    const { answer, waitSeconds } = await requestMail(ctx, 'signup', email.trim(), () =>
      auth.resend({
        type: 'signup',
        email: email.trim(),
        options: { emailRedirectTo: ctx.appUrl(routes.authCallback) },
      }),
    )
    if (waitSeconds !== null) return mailWait(ctx, waitSeconds)
    if (answer.error) return ctx.fail(authErrorMessage(answer.error), answer.error.code ?? null)
    return { status: 'ok' }
  } catch (error) {
    return ctx.fail(authErrorMessage(error))
  }
}

/**
 * The auth server will not mail this address for `seconds` more. Said where the person asked (the
 * form, the resend button), never also as a toast; the countdown runs in auth.mailCooldown.
 */
export function mailWait(ctx: Pick<AuthFlowDeps, 'fail'>, seconds: number): AuthFailure {
  return ctx.fail(decisionTemplates.mailWait(seconds), MAIL_RATE_LIMIT_CODE, { waitSeconds: seconds })
}
