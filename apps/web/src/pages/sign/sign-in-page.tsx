import type { LoginMethod } from '@coursekit/core'
import { type SignInFieldError, useAuthService, usePasswordSignIn } from '@coursekit/react'
import { type FormEvent, type ReactNode, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '../../ui/button.tsx'
import { Field } from '../../ui/field.tsx'
import { PageTitle } from '../../ui/page-title.tsx'
import { CheckEmail } from './check-email.tsx'
import { emailErrors } from './field-messages.ts'
import { Narrow } from './narrow.tsx'
import { LastUsed, OAuthButtons } from './oauth-buttons.tsx'

const passwordErrors: Record<SignInFieldError, string> = {
  required: '비밀번호를 입력해주세요.',
  invalid: '비밀번호를 확인해주세요.',
}
/**
 * Each way in with the particle its word takes (구글로: ㄹ takes 로). Written out for these three:
 * es-hangul's josa cannot read a Latin word, and its module would be one more chunk on /'s list.
 */
const byMethod: Record<LoginMethod, string> = { EMAIL: '이메일로', GOOGLE: 'Google로', KAKAO: '카카오로' }

/** `/sign/in`: e-mail and password, Google and Kakao; `?redirect=` is where the person goes after. */
export function SignInPage(): ReactNode {
  const [params] = useSearchParams()
  const redirect = params.get('redirect')
  const auth = useAuthService()
  const signIn = usePasswordSignIn(redirect)
  const [last] = useState(() => auth.lastLoginInfo())

  if (signIn.status === 'verification-required' && signIn.email) {
    return (
      <Narrow>
        <CheckEmail email={signIn.email} message={signIn.message} onBack={signIn.reset} />
      </Narrow>
    )
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void signIn.submit(new FormData(event.currentTarget))
  }
  const { fieldErrors } = signIn
  return (
    <Narrow>
      <PageTitle title="로그인">로그인</PageTitle>
      {last && (
        <p className="rounded-lg bg-brand-soft px-1.5 py-1 text-brand-strong text-sm">
          최근에 {byMethod[last.method]} 로그인했어요{last.email ? ` (${last.email})` : ''}.
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1.5" aria-label="이메일로 로그인">
        <Field
          label="이메일"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          defaultValue={signIn.suggestedEmail ?? (last?.method === 'EMAIL' ? (last.email ?? '') : '')}
          error={fieldErrors.email && emailErrors[fieldErrors.email]}
        />
        <Field
          label="비밀번호"
          name="password"
          type="password"
          autoComplete="current-password"
          error={fieldErrors.password && passwordErrors[fieldErrors.password]}
        />
        <div role="alert" className="text-red-700 text-sm empty:hidden">
          {signIn.status === 'failed' ? signIn.message : null}
        </div>
        <Button
          type="submit"
          className="relative"
          disabled={signIn.status === 'submitting'}
          aria-busy={signIn.status === 'submitting'}
        >
          {signIn.status === 'submitting' ? '로그인 중…' : '로그인'}
          {last?.method === 'EMAIL' && <LastUsed />}
        </Button>
      </form>
      <div className="flex justify-center gap-2 text-sm">
        <Link to="/sign/up" className="text-brand-strong underline-offset-2 hover:underline">
          회원가입
        </Link>
        <Link to="/sign/reset-password" className="text-brand-strong underline-offset-2 hover:underline">
          비밀번호 찾기
        </Link>
      </div>
      <div className="flex items-center gap-1 text-gray-600 text-sm" aria-hidden>
        <span className="h-px flex-1 bg-gray-200" />
        또는
        <span className="h-px flex-1 bg-gray-200" />
      </div>
      <OAuthButtons
        last={last?.method ?? null}
        onStart={(provider) => void auth.signInWithOAuth(provider, { redirectAfterLogin: redirect ?? '/' })}
      />
    </Narrow>
  )
}
