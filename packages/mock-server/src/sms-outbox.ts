import type { Clock } from '@coursekit/core/clock'
import { formatKoreanPhone, normaliseKoreanPhone } from '@coursekit/core/contract'
import { isoTime } from './iso-time.ts'

export interface Sms {
  /** The number, written 010-1234-5678. */
  to: string
  text: string
  /** The verification code inside the text, for tests and people finishing a sign-up by hand. */
  code: string
  sentAt: string
}

/** The development SMS outbox: every text the backend "sends", readable at GET /__dev/sms?phone=. */
export class SmsOutbox {
  readonly #clock: Clock
  readonly #messages: Sms[] = []

  constructor(clock: Clock) {
    this.#clock = clock
  }

  /** `national` is a number as normaliseKoreanPhone returns it. */
  sendCode(national: string, code: string, lifetimeMinutes: number): Sms {
    const sms: Sms = {
      to: formatKoreanPhone(national),
      text: `[코스킷] 인증번호 [${code}]를 입력해주세요. ${lifetimeMinutes}분 안에 입력해야 합니다.`,
      code,
      sentAt: isoTime(this.#clock.now()),
    }
    this.#messages.push(sms)
    return sms
  }

  /** Newest last; the number in any of its written forms. Nothing for what is not a Korean mobile number. */
  for(phone: string): Sms[] {
    const national = normaliseKoreanPhone(phone)
    if (national === null) return []
    const wanted = formatKoreanPhone(national)
    return this.#messages.filter((sms) => sms.to === wanted)
  }
}
