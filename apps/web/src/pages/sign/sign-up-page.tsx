import { useAuthService, useSignUp } from '@coursekit/react'
import type { FormEvent, ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '../../ui/button.tsx'
import { Field } from '../../ui/field.tsx'
import { PageTitle } from '../../ui/page-title.tsx'
import { CheckEmail } from './check-email.tsx'
import { emailErrors } from './field-messages.ts'
import { Narrow } from './narrow.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'
import { OAuthButtons } from './oauth-buttons.tsx'
import { SignUpConsents } from './sign-up-consents.tsx'

/**
 * `/sign/up`: an e-mail account with the required consents, or Kakao or Google; then the
 * check-your-e-mail screen, whose link confirms it.
 */
export function SignUpPage(): ReactNode {
  const auth = useAuthService()
  const signUp = useSignUp()
  const navigate = useNavigate()

  if (signUp.status === 'verification-required' && signUp.email) {
    return (
      <Narrow>
        <CheckEmail email={signUp.email} message={signUp.message} onBack={() => void navigate('/sign/in')} />
      </Narrow>
    )
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void signUp.submit(new FormData(event.currentTarget))
  }
  const { fieldErrors } = signUp
  const submitting = signUp.status === 'submitting'
  return (
    <Narrow>
      <PageTitle title="회원가입">회원가입</PageTitle>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1.5" aria-label="이메일로 회원가입">
        <Field
          label="이메일"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={fieldErrors.email && emailErrors[fieldErrors.email]}
        />
        <NewPasswordFields label="비밀번호" errors={fieldErrors} />
        <SignUpConsents signUp={signUp} />
        <div role="alert" className="text-red-700 text-sm empty:hidden">
          {signUp.status === 'failed' ? signUp.message : null}
        </div>
        <Button type="submit" disabled={submitting} aria-busy={submitting}>
          {submitting ? '가입 중…' : '가입하기'}
        </Button>
      </form>
      <p className="text-center text-sm">
        이미 계정이 있나요?{' '}
        <Link to="/sign/in" className="text-brand-strong underline underline-offset-2">
          로그인
        </Link>
      </p>
      <div className="flex items-center gap-1 text-gray-600 text-sm" aria-hidden>
        <span className="h-px flex-1 bg-gray-200" />
        또는
        <span className="h-px flex-1 bg-gray-200" />
      </div>
      <OAuthButtons
        last={null}
        onStart={(provider) => void auth.signInWithOAuth(provider, { redirectAfterLogin: '/' })}
      />
    </Narrow>
  )
}
