import { caretAfterDigits, formatKoreanPhoneTyping } from '@coursekit/core/display'
import type { ProfileCompletionView } from '@coursekit/react'
import { type ChangeEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { Button } from '../../ui/button.tsx'
import { Field } from '../../ui/field.tsx'

/** m:ss */
const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

/** The phone field, "인증번호 받기", and the code with its countdown until the number is verified. */
export function PhoneVerification(props: {
  completion: ProfileCompletionView
  phone: string
  verified: boolean
  onPhone(phone: string): void
  error: string | undefined
}): ReactNode {
  const { completion, phone, verified } = props
  const [code, setCode] = useState('')
  const verify = () => completion.verifyCode(code)
  const waiting = completion.phoneStatus === 'code-sent' || completion.phoneStatus === 'verifying'
  const resendIn = completion.resendSecondsLeft
  // Hyphens are put in as the number is typed; the caret stays after the digit it followed.
  const caret = useRef<{ input: HTMLInputElement; at: number } | null>(null)
  const typePhone = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target
    const typed = input.value
    const formatted = formatKoreanPhoneTyping(typed)
    const digitsBefore = typed.slice(0, input.selectionStart ?? typed.length).replace(/\D/g, '').length
    caret.current = formatted === typed ? null : { input, at: caretAfterDigits(formatted, digitsBefore) }
    props.onPhone(formatted)
  }
  useLayoutEffect(() => {
    const moved = caret.current
    caret.current = null
    if (moved && document.activeElement === moved.input && phone === moved.input.value)
      moved.input.setSelectionRange(moved.at, moved.at)
  }, [phone])
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-end gap-1">
        <Field
          className="min-w-0 flex-1"
          label="휴대폰 번호"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="010-1234-5678"
          value={phone}
          onChange={typePhone}
          error={props.error}
        />
        {!verified && (
          <Button
            look="secondary"
            className="shrink-0"
            disabled={completion.phoneStatus === 'sending' || resendIn > 0 || phone.trim() === ''}
            onClick={() => void completion.sendCode(phone)}
          >
            {resendIn > 0 ? `재전송 ${resendIn}초` : waiting ? '다시 받기' : '인증번호 받기'}
          </Button>
        )}
      </div>
      {!verified && waiting && (
        <div className="flex items-end gap-1">
          <Field
            className="min-w-0 flex-1"
            label={`인증번호${completion.codeSecondsLeft !== null ? ` (남은 시간 ${minutes(completion.codeSecondsLeft)})` : ''}`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            // Appears when the person asked for a code: the code is what they type next.
            autoFocus
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return
              event.preventDefault()
              void verify()
            }}
          />
          <Button
            className="shrink-0"
            disabled={completion.phoneStatus === 'verifying' || code.trim() === ''}
            onClick={() => void verify()}
          >
            확인
          </Button>
        </div>
      )}
      <p role="status" className="text-sm empty:hidden">
        {verified ? (
          <span className="text-brand-strong">휴대폰 번호가 인증되었습니다.</span>
        ) : completion.phoneError ? (
          <span className="text-red-700">{completion.phoneError}</span>
        ) : waiting ? (
          `${completion.phone ?? phone} 번호로 인증번호를 보냈습니다.`
        ) : null}
      </p>
    </div>
  )
}
