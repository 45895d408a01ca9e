import type { OAuthCallbackResult } from '@coursekit/core'
import { useAccountLink, useAuth, useOAuthCallback } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageTitle } from '../../ui/page-title.tsx'
import { ResendMail } from '../sign/resend-mail.tsx'

type Conflict = Extract<OAuthCallbackResult, { status: 'account-conflict' }>
type LinkExpired = Extract<OAuthCallbackResult, { status: 'link-expired' }>

/** The server's options for an address that already has an account, as the person can act on them. */
const conflictOptions: Record<string, { label: string; hint: string }> = {
  LOGIN_WITH_EXISTING: { label: '기존 계정으로 로그인', hint: '이 이메일로 가입한 방법으로 로그인합니다.' },
  LINK_ACCOUNTS: {
    label: '로그인 후 계정 연결하기',
    hint: '기존 계정으로 로그인하면 이 로그인 방법이 그 계정에 연결됩니다.',
  },
}

/**
 * `/auth/callback`: where Google, Kakao and the sign-up confirmation mail return. The core signs the
 * person in and moves on after 1 s (to profile completion, or the saved target); the page says what
 * is happening meanwhile and, when no sign-in came of it, why.
 */
export function OAuthCallbackPage(): ReactNode {
  const { status, result } = useOAuthCallback()
  const linkStatus = useAuth((state) => state.accountLinkStatus)
  return (
    <section className="mx-auto flex w-full max-w-sm flex-col gap-2 py-4" aria-busy={status === 'pending'}>
      {result === null && <Working />}
      {result?.status === 'signed-in' && (
        <SignedIn
          toCompletion={result.redirectTo?.startsWith('/sign/complete/') ?? false}
          linked={linkStatus?.action === 'LINKED' ? linkStatus.message : null}
        />
      )}
      {result?.status === 'verification-required' && (
        <>
          <PageTitle title="이메일 확인">이메일을 확인해주세요</PageTitle>
          <p role="status">{result.message}</p>
          <p className="text-gray-700">
            <strong className="break-all">{result.email}</strong> 주소로 보낸 인증 메일의 링크를 누르면 로그인할 수
            있습니다.
          </p>
          <BackToSignIn />
        </>
      )}
      {result?.status === 'account-conflict' && <AccountConflict result={result} />}
      {result?.status === 'link-expired' && <ExpiredLink result={result} />}
      {result?.status === 'error' && (
        <>
          <PageTitle title="로그인 실패">로그인하지 못했습니다</PageTitle>
          {/* The client's toast says it aloud; the page moves to sign-in at once. */}
          <p>{result.message}</p>
          <BackToSignIn />
        </>
      )}
    </section>
  )
}

function Working(): ReactNode {
  return (
    <>
      <PageTitle title="로그인 중">로그인 중입니다</PageTitle>
      <div role="status" className="flex items-center gap-1 text-gray-700">
        <span aria-hidden className="size-3 animate-spin rounded-full border-2 border-gray-300 border-t-brand-strong" />
        로그인 정보를 확인하고 있습니다…
      </div>
    </>
  )
}

function SignedIn(props: { toCompletion: boolean; linked: string | null }): ReactNode {
  return (
    <>
      <PageTitle title="로그인 완료">로그인되었습니다</PageTitle>
      {props.linked && <p className="rounded-lg bg-brand-soft px-1.5 py-1 text-brand-strong">{props.linked}</p>}
      <p role="status" className="text-gray-700">
        {props.toCompletion ? '회원 정보를 입력하는 화면으로 이동합니다…' : '잠시 후 이동합니다…'}
      </p>
    </>
  )
}

const optionClass =
  'flex w-full flex-col rounded-lg border border-gray-300 bg-white px-2 py-1 text-left hover:bg-gray-50'

function AccountConflict({ result }: { result: Conflict }): ReactNode {
  const linkAfterSignIn = useAccountLink()
  return (
    <>
      <PageTitle title="이미 가입된 이메일">이미 가입된 이메일입니다</PageTitle>
      <p role="alert">{result.message}</p>
      {result.conflict && (
        <p className="text-gray-700">
          이메일 <strong className="break-all">{result.conflict.email}</strong>
        </p>
      )}
      <ul className="flex flex-col gap-1">
        {result.options.map((option) => {
          const described = conflictOptions[option]
          if (!described) return null
          const words = (
            <>
              <span className="font-semibold">{described.label}</span>
              <span className="text-gray-700 text-sm">{described.hint}</span>
            </>
          )
          return (
            <li key={option}>
              {option === 'LINK_ACCOUNTS' ? (
                // The core keeps the refused provider and goes to sign-in; that sign-in links it.
                <button type="button" className={optionClass} onClick={() => linkAfterSignIn(result)}>
                  {words}
                </button>
              ) : (
                <Link to="/sign/in" className={optionClass}>
                  {words}
                </Link>
              )}
            </li>
          )
        })}
      </ul>
    </>
  )
}

/**
 * The confirmation link expired or was followed before: a new one goes to the address this browser
 * asked it for, at a press (GoTrue confirms the address when the link is opened, so one already
 * confirmed just signs in). A Google or Kakao sign-in that took too long starts again.
 */
function ExpiredLink({ result }: { result: LinkExpired }): ReactNode {
  if (result.flow === 'oauth') {
    return (
      <>
        <PageTitle title="로그인 시간 초과">로그인 시간이 초과되었습니다</PageTitle>
        <p role="alert">{result.message}</p>
        <Link to="/sign/in" className={primaryLink}>
          다시 로그인하기
        </Link>
      </>
    )
  }
  return (
    <>
      <PageTitle title="인증 링크 오류">인증 링크를 사용할 수 없습니다</PageTitle>
      <p role="alert">{result.message}</p>
      {result.email ? (
        <>
          <p className="text-gray-700">
            <strong className="break-all">{result.email}</strong> 주소로 새 인증 메일을 보낼 수 있습니다. 이미 인증을
            마쳤다면 바로 로그인해주세요.
          </p>
          <ResendMail purpose="signup" email={result.email} label="새 인증 메일 받기" look="primary" />
        </>
      ) : (
        <p className="text-gray-700">
          로그인하면 인증 메일을 다시 보내드립니다. 이미 인증을 마쳤다면 바로 로그인됩니다.
        </p>
      )}
      <Link to="/sign/in" className={result.email ? secondaryLink : primaryLink}>
        로그인 화면으로
      </Link>
    </>
  )
}

const primaryLink =
  'flex h-6 items-center justify-center rounded-lg bg-brand-strong px-2 font-semibold text-white hover:bg-brand'
const secondaryLink =
  'flex h-6 items-center justify-center rounded-lg border border-gray-300 bg-white px-2 font-semibold text-gray-800 hover:bg-gray-50'

function BackToSignIn(): ReactNode {
  return (
    <Link to="/sign/in" className="font-semibold text-brand-strong underline-offset-2 hover:underline">
      로그인 화면으로
    </Link>
  )
}
