import { type ReactNode, useState } from 'react'
import { Button } from '../../ui/button.tsx'
import { PageTitle } from '../../ui/page-title.tsx'

/** After a sign-in that needs the e-mail confirmed (unconfirmed, or moved from the old platform). */
export function CheckEmail(props: {
  email: string
  message: string | null
  onResend(): Promise<boolean>
  onBack(): void
}): ReactNode {
  const [resent, setResent] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle')
  const resend = async () => {
    setResent('sending')
    setResent((await props.onResend()) ? 'sent' : 'failed')
  }
  return (
    <div className="flex flex-col gap-2">
      <PageTitle title="이메일 확인">이메일을 확인해주세요</PageTitle>
      <p>
        <strong className="break-all">{props.email}</strong>(으)로 인증 메일을 보냈습니다. 메일의 링크를 누르면 로그인이
        완료됩니다.
      </p>
      {props.message && <p className="text-gray-700 text-sm">{props.message}</p>}
      <p role="status" className="text-sm">
        {resent === 'sent'
          ? '인증 메일을 다시 보냈습니다.'
          : resent === 'failed'
            ? '메일을 보내지 못했습니다. 잠시 후 다시 시도해주세요.'
            : ''}
      </p>
      <Button onClick={() => void resend()} disabled={resent === 'sending'}>
        인증 메일 다시 보내기
      </Button>
      <Button look="secondary" onClick={props.onBack}>
        다른 계정으로 로그인
      </Button>
    </div>
  )
}
