import { type ReactNode, useCallback, useEffect } from 'react'
import { Link, useLocation, useNavigate, useRouteError } from 'react-router'
import { PageTitle } from '../ui/page-title.tsx'
import { PageCodeOfflineError } from './page-code.ts'

/**
 * What browsers say when a page's code could not be fetched (Chromium, WebKit, Firefox), and what
 * Vite's preload says for its stylesheet: the connection, not the page, is at fault.
 */
const CODE_NOT_LOADED = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i

/** The page's code could not be loaded: offline, or the server did not answer. */
export function isPageCodeNotLoaded(error: unknown): boolean {
  return error instanceof PageCodeOfflineError || (error instanceof Error && CODE_NOT_LOADED.test(error.message))
}

/**
 * In place of a page that failed (inside the shell, so the header's links stay): what happened in
 * plain Korean, and 다시 시도, which goes to the same address again; a page whose code did not
 * arrive is also tried again by itself when the connection comes back. The router forgets a page
 * whose code failed to load, so going there again calls its `lazyPage` again.
 */
export function RouteError(): ReactNode {
  const error = useRouteError()
  const location = useLocation()
  const navigate = useNavigate()
  const codeNotLoaded = isPageCodeNotLoaded(error)
  const retry = useCallback(() => {
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: location.state })
  }, [navigate, location])

  useEffect(() => {
    if (!codeNotLoaded) return
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [codeNotLoaded, retry])

  const title = codeNotLoaded ? '페이지를 불러오지 못했습니다' : '페이지를 표시하지 못했습니다'
  return (
    <section role="alert" className="mx-auto flex max-w-md flex-col items-center gap-2 py-6 text-center">
      <PageTitle title={title}>{title}</PageTitle>
      <p className="break-keep text-gray-600">
        {codeNotLoaded
          ? '인터넷 연결이 끊겼거나 서버가 응답하지 않습니다. 연결이 돌아오면 이 페이지를 다시 불러옵니다.'
          : '일시적인 문제로 이 페이지를 표시하지 못했습니다. 다시 시도하거나 홈으로 이동해주세요.'}
      </p>
      <div className="flex gap-1">
        <button
          type="button"
          onClick={retry}
          className="rounded-md bg-brand-strong px-2 py-1 font-semibold text-white hover:bg-brand"
        >
          다시 시도
        </button>
        <Link to="/" className="rounded-md border border-gray-300 bg-white px-2 py-1 font-semibold text-gray-800">
          홈으로 가기
        </Link>
      </div>
    </section>
  )
}
