import {
  ApiErrorBody,
  PhoneCodeTooSoonBody,
  SendPhoneCodeResponse,
  VerifyPhoneCodeResponse,
} from '@coursekit/core/contract'
import { describe, expect, it } from 'vitest'
import { createPlatformTestBed, expectBody, type PlatformTestBed } from './test-helpers.ts'

const SEND = '/api/v2/phone-verification/send'
const VERIFY = '/api/v2/phone-verification/verify'
const PHONE = '010-2468-1357'

const latestCode = (bed: PlatformTestBed, phone = PHONE) => bed.backend.sms.for(phone).at(-1)?.code ?? ''
const verify = async (bed: PlatformTestBed, code: string, phone = PHONE) =>
  expectBody(await bed.anonymous.post(VERIFY, { phone, code }), 200, VerifyPhoneCodeResponse)

describe('POST /api/v2/phone-verification/send', () => {
  it('texts a 6-digit code to the dev SMS outbox, anonymously', async () => {
    const bed = await createPlatformTestBed()
    const sent = expectBody(await bed.anonymous.post(SEND, { phone: '+82 10 2468 1357' }), 200, SendPhoneCodeResponse)
    expect(sent).toEqual({ success: true, phone: PHONE, expiresInSec: 180, resendAfterSec: 60 })
    const outbox = await bed.anonymous.get(`/__dev/sms?phone=${encodeURIComponent('01024681357')}`)
    const { messages } = outbox.body as { messages: { to: string; code: string; text: string; sentAt: string }[] }
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ to: PHONE, sentAt: new Date(bed.clock.now()).toISOString() })
    expect(messages[0]?.code).toMatch(/^\d{6}$/)
    expect(messages[0]?.text).toContain(messages[0]?.code)
    expect((await bed.anonymous.get('/__dev/sms')).status).toBe(400)
  })

  it('sends once per number per 60 s, whatever form the number is written in', async () => {
    const bed = await createPlatformTestBed()
    await bed.anonymous.post(SEND, { phone: PHONE })
    const first = latestCode(bed)
    bed.clock.tick(45_000)
    const answer = await bed.anonymous.request('POST', SEND, { phone: '01024681357' })
    const refused = expectBody(answer, 429, PhoneCodeTooSoonBody)
    expect(refused).toMatchObject({ code: 'PHONE_CODE_TOO_SOON', retryAfterSec: 15 })
    expect(refused.error).toMatch(/1분에 한 번/)
    expect(bed.backend.sms.for(PHONE)).toHaveLength(1)

    bed.clock.tick(15_000)
    expectBody(await bed.anonymous.post(SEND, { phone: PHONE }), 200, SendPhoneCodeResponse)
    expect(bed.backend.sms.for(PHONE)).toHaveLength(2)
    // The new code replaces the old one.
    if (first !== latestCode(bed))
      expect(await verify(bed, first)).toMatchObject({ verified: false, reason: 'mismatch' })
    expect((await verify(bed, latestCode(bed))).verified).toBe(true)
  })

  it('answers 400 for what is not a Korean mobile number, and sends nothing', async () => {
    const bed = await createPlatformTestBed()
    for (const phone of ['02-123-4567', '+1 415 555 0100', '', 1012345678]) {
      expect(expectBody(await bed.anonymous.post(SEND, { phone }), 400, ApiErrorBody).code).toBe('BAD_REQUEST')
    }
    expect(bed.backend.sms.for('02-123-4567')).toEqual([])
  })
})

describe('POST /api/v2/phone-verification/verify', () => {
  it('answers verified with a token for the right code, once', async () => {
    const bed = await createPlatformTestBed()
    await bed.anonymous.post(SEND, { phone: PHONE })
    const code = latestCode(bed)
    const answer = await verify(bed, code, '+82 10-2468-1357')
    expect(answer).toMatchObject({ verified: true, phone: PHONE })
    expect(answer.verificationToken).toMatch(/^pv_[0-9a-f]{48}$/)
    expect(await verify(bed, code)).toMatchObject({ verified: false, verificationToken: null, reason: 'expired' })
  })

  it('a code lives 3 minutes on the backend’s clock', async () => {
    const alive = await createPlatformTestBed()
    await alive.anonymous.post(SEND, { phone: PHONE })
    alive.clock.tick(180_000 - 1)
    expect((await verify(alive, latestCode(alive))).verified).toBe(true)

    const late = await createPlatformTestBed()
    await late.anonymous.post(SEND, { phone: PHONE })
    late.clock.tick(180_000)
    const answer = await verify(late, latestCode(late))
    expect(answer).toEqual({
      verified: false,
      verificationToken: null,
      reason: 'expired',
      message: '인증번호가 만료되었습니다. 인증번호를 다시 요청해주세요.',
    })
  })

  it('a wrong code is a mismatch; the fifth wrong try voids the code', async () => {
    const bed = await createPlatformTestBed()
    await bed.anonymous.post(SEND, { phone: PHONE })
    const right = latestCode(bed)
    const wrong = right === '000000' ? '111111' : '000000'
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await verify(bed, wrong)).toMatchObject({ reason: 'mismatch', message: '인증번호가 올바르지 않습니다.' })
    }
    expect(await verify(bed, wrong)).toMatchObject({ verified: false, reason: 'attempts-exceeded' })
    expect(await verify(bed, right)).toMatchObject({ verified: false, reason: 'expired' })
  })

  it('is expired for a number no code was sent to, and 400 for a malformed code', async () => {
    const bed = await createPlatformTestBed()
    expect(await verify(bed, '123456')).toMatchObject({ verified: false, reason: 'expired' })
    for (const code of ['12345', '12345a', 123456]) {
      expect((await bed.anonymous.post(VERIFY, { phone: PHONE, code })).status).toBe(400)
    }
  })
})
