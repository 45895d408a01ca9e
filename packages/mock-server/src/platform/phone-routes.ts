import {
  ErrorCode,
  endpoints,
  formatKoreanPhone,
  normaliseKoreanPhone,
  PHONE_CODE_RESEND_INTERVAL_SEC,
  type PhoneCodeRejection,
} from '@coursekit/core/contract'
import { Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import { apiError, type BackendEnv, BadRequest, readBody } from '../http.ts'
import { routePath } from './route-path.ts'

export const PHONE_CODE_TOO_SOON_MESSAGE = '인증번호는 1분에 한 번만 요청할 수 있습니다. 잠시 후 다시 시도해주세요.'

/** What a person is told when a code does not verify. */
export const PHONE_CODE_REJECTION_MESSAGES: Record<PhoneCodeRejection, string> = {
  mismatch: '인증번호가 올바르지 않습니다.',
  expired: '인증번호가 만료되었습니다. 인증번호를 다시 요청해주세요.',
  'attempts-exceeded': '인증번호를 여러 번 잘못 입력했습니다. 인증번호를 다시 요청해주세요.',
}

/** The national digits of a number the contract schema already accepted. */
export function nationalPhone(phone: string): string {
  const national = normaliseKoreanPhone(phone)
  if (national === null) throw new BadRequest('phone is not a Korean mobile number')
  return national
}

/** Phone verification for sign-up (decisions.md): a code by SMS to the dev outbox, then a token. */
export function createPhoneVerificationRoutes(ctx: BackendContext): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()
  const { phoneVerifications } = ctx

  app.post(routePath(endpoints.sendPhoneCode.path), async (c) => {
    const body = await readBody(c, endpoints.sendPhoneCode.body)
    const national = nationalPhone(body.phone)
    const result = phoneVerifications.send(national)
    if (result.kind === 'too-soon') {
      c.header('retry-after', String(result.retryAfterSec))
      return apiError(c, 429, ErrorCode.phoneCodeTooSoon, PHONE_CODE_TOO_SOON_MESSAGE, {
        retryAfterSec: result.retryAfterSec,
      })
    }
    return c.json({
      success: true,
      phone: formatKoreanPhone(national),
      expiresInSec: result.expiresInSec,
      resendAfterSec: PHONE_CODE_RESEND_INTERVAL_SEC,
    })
  })

  app.post(routePath(endpoints.verifyPhoneCode.path), async (c) => {
    const body = await readBody(c, endpoints.verifyPhoneCode.body)
    const national = nationalPhone(body.phone)
    const result = phoneVerifications.verify(national, body.code)
    if (result.kind === 'verified') {
      return c.json({ verified: true, verificationToken: result.token, phone: formatKoreanPhone(national) })
    }
    return c.json({
      verified: false,
      verificationToken: null,
      reason: result.reason,
      message: PHONE_CODE_REJECTION_MESSAGES[result.reason],
    })
  })

  return app
}
