import { describe, expect, it } from 'vitest'
import { formatKoreanPhone, KoreanPhone, normaliseKoreanPhone, VerifyPhoneCodeRequest } from './phone-verification.ts'

describe('Korean phone numbers', () => {
  it('reads 010-1234-5678, 01012345678 and +82 10-1234-5678 as one number', () => {
    const forms = ['010-1234-5678', '01012345678', '+82 10-1234-5678', '+82 010 1234 5678', '+821012345678']
    expect(new Set(forms.map(normaliseKoreanPhone))).toEqual(new Set(['01012345678']))
    expect(normaliseKoreanPhone(' 0082-10-1234-5678 ')).toBe('01012345678')
    expect(normaliseKoreanPhone('(011) 123.4567')).toBe('0111234567')
  })

  it('is null for what is not a Korean mobile number', () => {
    for (const input of ['', '02-123-4567', '+1 415 555 0100', '010-1234-567', '010-12345-67890', '010-abcd-5678']) {
      expect([input, normaliseKoreanPhone(input)]).toEqual([input, null])
    }
  })

  it('writes the national digits as 010-1234-5678 or 011-123-4567', () => {
    expect(formatKoreanPhone('01012345678')).toBe('010-1234-5678')
    expect(formatKoreanPhone('0111234567')).toBe('011-123-4567')
  })

  it('the schemas a form checks with say what is wrong, in Korean', () => {
    expect(KoreanPhone.safeParse('+82 10-1234-5678').success).toBe(true)
    expect(KoreanPhone.safeParse('12345').error?.issues[0]?.message).toBe('올바른 휴대폰 번호를 입력해주세요.')
    const code = VerifyPhoneCodeRequest.safeParse({ phone: '010-1234-5678', code: '12a456' })
    expect(code.error?.issues[0]?.message).toBe('인증번호 6자리를 입력해주세요.')
  })
})
