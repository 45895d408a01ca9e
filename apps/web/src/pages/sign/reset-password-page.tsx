import { usePasswordResetRequest } from '@coursekit/react'
import type { FormEvent, ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '../../ui/button.tsx'
import { Field } from '../../ui/field.tsx'
import { PageTitle } from '../../ui/page-title.tsx'
import { emailErrors } from './field-messages.ts'
import { Narrow } from './narrow.tsx'
import { ResendMail } from './resend-mail.tsx'

/** `/sign/reset-password`: mails a link to /sign/reset-password/confirm. */
export function ResetPasswordPage(): ReactNode {
  const request = usePasswordResetRequest()

  if (request.status === 'sent' && request.email) {
    return (
      <Narrow>
        <PageTitle title="비밀번호 찾기">이메일을 확인해주세요</PageTitle>
        <p>
          <strong className="break-all">{request.email}</strong> 주소로 비밀번호 재설정 링크를 보냈습니다. 메일의 링크를
          눌러 새 비밀번호를 정해주세요.
        </p>
        <ResendMail purpose="recovery" email={request.email} label="재설정 링크 다시 보내기" />
        <Button look="secondary" onClick={request.reset}>
          이메일 다시 입력하기
        </Button>
        <Link to="/sign/in" className="text-center text-brand-strong text-sm underline-offset-2 hover:underline">
          로그인으로 돌아가기
        </Link>
      </Narrow>
    )
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void request.submit(new FormData(event.currentTarget))
  }
  const submitting = request.status === 'submitting'
  return (
    <Narrow>
      <PageTitle title="비밀번호 찾기">비밀번호 찾기</PageTitle>
      <p>가입한 이메일 주소를 입력하면 비밀번호를 다시 정할 수 있는 링크를 보내드립니다.</p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1.5" aria-label="비밀번호 재설정 메일 받기">
        <Field
          label="이메일"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={request.fieldErrors.email && emailErrors[request.fieldErrors.email]}
        />
        <div role="alert" className="text-red-700 text-sm empty:hidden">
          {request.status === 'failed' ? request.message : null}
        </div>
        <Button type="submit" disabled={submitting} aria-busy={submitting}>
          {submitting ? '보내는 중…' : '재설정 링크 받기'}
        </Button>
      </form>
      <Link to="/sign/in" className="text-center text-brand-strong text-sm underline-offset-2 hover:underline">
        로그인으로 돌아가기
      </Link>
    </Narrow>
  )
}
