import { useNavigateEvents, useNotices } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Outlet, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Toasts } from '../ui/toasts.tsx'
import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'

/** Around every page: the header, the page, the footer, and the client's toasts and page moves. */
export function Shell(): ReactNode {
  return (
    <div className="flex min-h-dvh flex-col">
      <ClientEventsBridge />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-2 py-1 text-brand-strong focus:not-sr-only focus:absolute focus:top-1 focus:left-1"
      >
        본문으로 건너뛰기
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-2 py-3 sm:px-3 sm:py-4">
        <Outlet />
      </main>
      <SiteFooter />
      <Toasts />
    </div>
  )
}

/**
 * The client's `notice` events become toasts and its `navigate` events (sign-in after an expired
 * session, / 100 ms after logout, ...) go through the router, after the delay the client asked for.
 */
function ClientEventsBridge(): null {
  const navigate = useNavigate()
  useNotices((notice) => {
    const show =
      notice.kind === 'success'
        ? toast.success
        : notice.kind === 'error'
          ? toast.error
          : notice.kind === 'warning'
            ? toast.warning
            : toast.info
    show(notice.message, notice.description ? { description: notice.description } : undefined)
  })
  useNavigateEvents((to, { replace }) => {
    // An address with a scheme (an OAuth provider's page) is a page load; a path is the router's.
    if (/^[a-z][a-z0-9+.-]*:/i.test(to)) {
      if (replace) window.location.replace(to)
      else window.location.assign(to)
      return
    }
    void navigate(to, { replace })
  })
  return null
}
