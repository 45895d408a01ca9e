import { useAuthService, usePasswordChange } from '@coursekit/react'
import { type FormEvent, type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '../../ui/button.tsx'
import { PageTitle } from '../../ui/page-title.tsx'
import { Narrow } from './narrow.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'
import { ResendMail } from './resend-mail.tsx'

/**
 * `/sign/reset-password/confirm`, the reset e-mail's link: the new password, then /sign/in with the
 * spec's toast (both from the bindings). A used or expired link says so and offers a new one.
 */
export function ResetPasswordConfirmPage(): ReactNode {
  const change = usePasswordChange()

  if (change.status === 'link-invalid') return <ExpiredResetLink />

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void change.submit(new FormData(event.currentTarget))
  }
  const { fieldErrors } = change
  const busy = change.status === 'submitting' || change.status === 'changed'
  return (
    <Narrow>
      <PageTitle title="새 비밀번호">새 비밀번호 정하기</PageTitle>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1.5" aria-label="비밀번호 재설정">
        <NewPasswordFields label="새 비밀번호" errors={fieldErrors} />
        <div role="alert" className="text-red-700 text-sm empty:hidden">
          {change.status === 'failed' ? change.message : null}
        </div>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? '변경 중…' : '비밀번호 변경'}
        </Button>
      </form>
    </Narrow>
  )
}

/**
 * A used or expired reset link: a new one goes, at a press, to the address this browser asked the
 * last one for; another address (or a link opened in another browser) goes through the form.
 */
function ExpiredResetLink(): ReactNode {
  const auth = useAuthService()
  const [email] = useState(() => auth.mailedAddress('recovery'))
  return (
    <Narrow>
      <PageTitle title="비밀번호 변경 실패">비밀번호 변경 실패</PageTitle>
      <p role="alert">링크가 만료되었거나 이미 사용되었습니다. 비밀번호 재설정 링크를 다시 받아주세요.</p>
      {email && (
        <>
          <p className="text-gray-700">
            <strong className="break-all">{email}</strong> 주소로 새 재설정 링크를 보낼 수 있습니다.
          </p>
          <ResendMail purpose="recovery" email={email} label="새 재설정 링크 받기" look="primary" />
        </>
      )}
      <Link
        to="/sign/reset-password"
        className={
          email
            ? 'text-center text-brand-strong text-sm underline-offset-2 hover:underline'
            : 'flex h-6 items-center justify-center rounded-lg bg-brand-strong px-2 font-semibold text-white hover:bg-brand'
        }
      >
        {email ? '다른 이메일로 받기' : '재설정 링크 다시 받기'}
      </Link>
    </Narrow>
  )
}
