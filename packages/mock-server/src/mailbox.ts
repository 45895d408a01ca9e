import type { Clock } from '@coursekit/core/clock'
import { isoTime } from './iso-time.ts'
import { normaliseEmail } from './users.ts'

export type MailKind = 'signup' | 'recovery' | 'email_change' | 'magiclink'

export interface Mail {
  to: string
  kind: MailKind
  subject: string
  /** The link a person would click: GET /auth/v1/verify?token=…&type=…&redirect_to=… */
  link: string
  /** The one-time token inside the link, for verifyOtp-style flows. */
  token: string
  sentAt: string
}

const SUBJECTS: Record<MailKind, string> = {
  signup: '이메일 주소를 확인해주세요',
  recovery: '비밀번호 재설정 안내',
  email_change: '이메일 변경 확인',
  magiclink: '로그인 링크',
}

/** The development mailbox: every e-mail the auth stand-in "sends", readable at GET /__dev/mailbox. */
export class Mailbox {
  readonly #clock: Clock
  readonly #mails: Mail[] = []

  constructor(clock: Clock) {
    this.#clock = clock
  }

  send(to: string, kind: MailKind, link: string, token: string): Mail {
    const mail: Mail = {
      to: normaliseEmail(to),
      kind,
      subject: SUBJECTS[kind],
      link,
      token,
      sentAt: isoTime(this.#clock.now()),
    }
    this.#mails.push(mail)
    return mail
  }

  /** Newest last. */
  for(email: string): Mail[] {
    const wanted = normaliseEmail(email)
    return this.#mails.filter((mail) => mail.to === wanted)
  }

  all(): readonly Mail[] {
    return this.#mails
  }
}
