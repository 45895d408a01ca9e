import type { MailPurpose } from '@coursekit/core'
import { decisionTemplates } from '@coursekit/core'
import { type MailResendView, useMailResend } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Button } from '../../ui/button.tsx'

const sentText: Record<MailPurpose, string> = {
  signup: '인증 메일을 다시 보냈습니다.',
  recovery: '새 재설정 링크를 보냈습니다.',
}

/**
 * "Send it again" for the confirmation or the reset mail, to the address given or the one this
 * browser asked it for. While the auth server will not mail the address yet, the button waits the
 * seconds out (its label counts them; the timer line says why, without reading every second aloud).
 */
export function ResendMail(props: {
  purpose: MailPurpose
  email?: string | null
  label: string
  look?: 'primary' | 'secondary'
}): ReactNode {
  const resend = useMailResend(props.purpose, props.email)
  return <ResendMailButton resend={resend} purpose={props.purpose} label={props.label} look={props.look} />
}

function ResendMailButton(props: {
  resend: MailResendView
  purpose: MailPurpose
  label: string
  look: 'primary' | 'secondary' | undefined
}): ReactNode {
  const { resend } = props
  const waiting = resend.secondsLeft > 0
  return (
    <div className="flex flex-col gap-1">
      <p role="status" className="text-sm empty:hidden">
        {resend.status === 'sent' && !waiting
          ? sentText[props.purpose]
          : resend.status === 'failed'
            ? (resend.message ?? '메일을 보내지 못했습니다. 잠시 후 다시 시도해주세요.')
            : ''}
      </p>
      <p role="timer" className="text-gray-700 text-sm empty:hidden">
        {waiting ? decisionTemplates.mailWait(resend.secondsLeft) : ''}
      </p>
      <Button
        look={props.look ?? 'secondary'}
        onClick={() => void resend.resend()}
        disabled={resend.status === 'sending' || waiting}
        aria-busy={resend.status === 'sending'}
      >
        {waiting ? `${props.label} (${resend.secondsLeft}초)` : props.label}
      </Button>
    </div>
  )
}
