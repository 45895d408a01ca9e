import { formatKoreanPhone } from '../contract/korean-phone.ts'

/**
 * A phone number as it is being typed, hyphenated as far as it goes: `010` `010-1234`
 * `010-1234-5678`; a 10-digit 011/016–019 number as `011-123-4567`. Only digits are kept (at most
 * 11); an international form (`+82 …`) is left as typed. Every form is one the API takes.
 */
export function formatKoreanPhoneTyping(input: string): string {
  if (input.trimStart().startsWith('+')) return input
  const digits = input.replace(/\D/g, '').slice(0, 11)
  if (digits.length <= 3) return digits
  if (digits.length <= 7) return `${digits.slice(0, 3)}-${digits.slice(3)}`
  if (digits.length === 10 && !digits.startsWith('010')) return formatKoreanPhone(digits)
  return `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`
}

/** Where the caret goes in `formatted` to stand after its first `digits` digits (as it did when typed). */
export function caretAfterDigits(formatted: string, digits: number): number {
  if (digits <= 0) return 0
  let seen = 0
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index]!) && ++seen === digits) return index + 1
  }
  return formatted.length
}
