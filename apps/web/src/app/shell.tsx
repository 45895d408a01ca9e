import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'

/** Around every page: a skip link, the header, the page, the footer. */
export function Shell(): ReactNode {
  return (
    <div className="flex min-h-dvh flex-col">
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
    </div>
  )
}
