import type { LoginMethod } from '@coursekit/core'
import type { ReactNode } from 'react'

/**
 * Google and Kakao drawn to their brand guides: Google's white button with the four-colour G and
 * a #747775 outline; Kakao's #FEE500 button with the black speech-bubble symbol and "카카오 로그인"
 * in black at 85 %, 12 px corners.
 */
export function OAuthButtons(props: {
  onStart(provider: 'GOOGLE' | 'KAKAO'): void
  last: LoginMethod | null
}): ReactNode {
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        onClick={() => props.onStart('KAKAO')}
        className="relative flex h-6 items-center justify-center gap-1 rounded-[12px] bg-[#FEE500] px-2 font-semibold text-black/85"
      >
        <KakaoSymbol />
        카카오 로그인
        {props.last === 'KAKAO' && <LastUsed />}
      </button>
      <button
        type="button"
        onClick={() => props.onStart('GOOGLE')}
        className="relative flex h-6 items-center justify-center gap-1 rounded-[12px] border border-[#747775] bg-white px-2 font-semibold text-[#1F1F1F]"
      >
        <GoogleLogo />
        Google 계정으로 로그인
        {props.last === 'GOOGLE' && <LastUsed />}
      </button>
    </div>
  )
}

/** A visual mark on the method used last; the page says it in words above, so readers skip it. */
export function LastUsed(): ReactNode {
  return (
    <span
      aria-hidden
      className="absolute -top-1 right-1 rounded-full bg-brand-strong px-1 font-semibold text-sm text-white"
    >
      최근 로그인
    </span>
  )
}

function KakaoSymbol(): ReactNode {
  return (
    <svg aria-hidden width="18" height="18" viewBox="0 0 18 18">
      <path
        fill="#000"
        d="M9 1.5C4.58 1.5 1 4.3 1 7.76c0 2.24 1.5 4.2 3.76 5.31l-.96 3.52c-.08.3.27.55.53.37l4.2-2.78c.15.01.31.02.47.02 4.42 0 8-2.8 8-6.44S13.42 1.5 9 1.5"
      />
    </svg>
  )
}

function GoogleLogo(): ReactNode {
  return (
    <svg aria-hidden width="18" height="18" viewBox="0 0 48 48">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  )
}
