import './shell.css'
import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { usePreloadAuthOnSignPages } from './sign-pages-auth.ts'
import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'

/**
 * Around every page: a skip link, the header, the page, the footer. On a phone the page ends above
 * the sections' tab bar (shell.css).
 */
export function Shell(): ReactNode {
  usePreloadAuthOnSignPages()
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        본문으로 건너뛰기
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="page-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
