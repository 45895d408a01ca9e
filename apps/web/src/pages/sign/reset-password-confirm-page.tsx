import { usePasswordChange } from '@coursekit/react'
import type { FormEvent, ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '../../ui/button.tsx'
import { PageTitle } from '../../ui/page-title.tsx'
import { Narrow } from './narrow.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'

/**
 * `/sign/reset-password/confirm`, the reset e-mail's link: the new password, then /sign/in with the
 * spec's toast (both from the bindings). A used or expired link says so and offers a new one.
 */
export function ResetPasswordConfirmPage(): ReactNode {
  const change = usePasswordChange()

  if (change.status === 'link-invalid') {
    return (
      <Narrow>
        <PageTitle title="비밀번호 변경 실패">비밀번호 변경 실패</PageTitle>
        <p role="alert">링크가 만료되었거나 이미 사용되었습니다. 비밀번호 재설정 링크를 다시 받아주세요.</p>
        <Link
          to="/sign/reset-password"
          className="flex h-6 items-center justify-center rounded-lg bg-brand-strong px-2 font-semibold text-white hover:bg-brand"
        >
          재설정 링크 다시 받기
        </Link>
      </Narrow>
    )
  }

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
