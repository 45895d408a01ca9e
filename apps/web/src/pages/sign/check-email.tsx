import type { ReactNode } from 'react'
import { Button } from '../../ui/button.tsx'
import { PageTitle } from '../../ui/page-title.tsx'
import { ResendMail } from './resend-mail.tsx'

/**
 * After a sign-up (a new address or one that already has an account: the screen is the same, so
 * it tells nobody which), or a sign-in that needs the e-mail confirmed. Going on is the main
 * action; sending the mail again is the secondary one.
 */
export function CheckEmail(props: { email: string; message: string | null; onBack(): void }): ReactNode {
  return (
    <div className="flex flex-col gap-2">
      <PageTitle title="이메일 확인">이메일을 확인해주세요</PageTitle>
      <p>
        <strong className="break-all">{props.email}</strong> 주소로 인증 메일을 보냈습니다. 메일의 링크를 누르면
        로그인이 완료됩니다.
      </p>
      {props.message && <p className="text-gray-700 text-sm">{props.message}</p>}
      <Button onClick={props.onBack}>로그인 화면으로</Button>
      <p className="text-gray-700 text-sm">메일이 오지 않았다면 스팸 메일함을 확인하거나 다시 보내주세요.</p>
      <ResendMail purpose="signup" email={props.email} label="인증 메일 다시 보내기" />
    </div>
  )
}
