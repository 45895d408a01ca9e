import { describe, expect, it } from 'vitest'
import { normaliseKoreanPhone } from '../contract/korean-phone.ts'
import { caretAfterDigits, formatKoreanPhoneTyping } from './phone-typing.ts'

describe('a phone number as it is typed', () => {
  it('is hyphenated as far as it goes, digit by digit', () => {
    const typed = '01012345678'
    const shown = [...typed].map((_, index) => formatKoreanPhoneTyping(typed.slice(0, index + 1)))
    expect(shown).toEqual([
      '0',
      '01',
      '010',
      '010-1',
      '010-12',
      '010-123',
      '010-1234',
      '010-1234-5',
      '010-1234-56',
      '010-1234-567',
      '010-1234-5678',
    ])
    expect(normaliseKoreanPhone(shown.at(-1)!)).toBe('01012345678')
  })

  it('keeps digits only, at most 11; a 10-digit older number reads 011-123-4567; +82 stays as typed', () => {
    expect(formatKoreanPhoneTyping('010 1234 5678 9')).toBe('010-1234-5678')
    expect(formatKoreanPhoneTyping('010-12a34')).toBe('010-1234')
    expect(formatKoreanPhoneTyping('0111234567')).toBe('011-123-4567')
    expect(formatKoreanPhoneTyping('01112345678')).toBe('011-1234-5678')
    expect(formatKoreanPhoneTyping('0101234567')).toBe('010-1234-567')
    expect(formatKoreanPhoneTyping('+82 10-1234-5678')).toBe('+82 10-1234-5678')
    expect(formatKoreanPhoneTyping('')).toBe('')
  })

  it('puts the caret after the same digits it followed before the hyphens moved', () => {
    expect(caretAfterDigits('010-1234-5678', 3)).toBe(3)
    expect(caretAfterDigits('010-1234-5678', 4)).toBe(5)
    expect(caretAfterDigits('010-1234-5678', 8)).toBe(10)
    expect(caretAfterDigits('010-1234-5678', 11)).toBe(13)
    expect(caretAfterDigits('010-1234', 0)).toBe(0)
  })
})
