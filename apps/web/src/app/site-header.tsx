import { useAuth, useAuthService, useEndpoint } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { signInPath } from './paths.ts'

interface MenuItem {
  id: string | number
  label?: unknown
  path?: unknown
  order?: unknown
  visible?: unknown
  requiresAuth?: unknown
}

/** The brand, the menu from menu-settings, and who is signed in (or the way to sign in). */
export function SiteHeader(): ReactNode {
  const signedIn = useAuth((state) => state.status === 'authenticated')
  const menu = useEndpoint('menuSettings')
  const items = ((menu.data?.items ?? []) as MenuItem[])
    .filter((item) => item.visible !== false && typeof item.label === 'string' && typeof item.path === 'string')
    .filter((item) => signedIn || item.requiresAuth !== true)
    .sort((a, b) => Number(a.order ?? 0) - Number(b.order ?? 0))

  return (
    <header className="border-gray-200 border-b bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-2 py-1.5 sm:flex-nowrap sm:px-3">
        <Link to="/" className="shrink-0 font-bold text-brand-strong text-lg">
          코스킷
        </Link>
        <nav aria-label="주 메뉴" className="order-last w-full sm:order-none sm:w-auto sm:flex-1">
          <ul className="flex flex-wrap gap-0.5 whitespace-nowrap">
            {menu.status === 'loading' && !menu.data && (
              // Holds the menu's row (on a phone, under the brand) until the menu arrives, so the page
              // below does not move down when it does; invisible, so no one reads it.
              <li className="invisible" data-testid="menu-placeholder">
                <span className="block px-1 py-0.5 text-sm">{'\u00a0'}</span>
              </li>
            )}
            {items.map((item) => (
              <li key={item.id}>
                <NavLink
                  to={String(item.path)}
                  className={({ isActive }) =>
                    `block rounded-md px-1 py-0.5 text-sm ${isActive ? 'bg-brand-soft font-semibold text-brand-strong' : 'text-gray-700 hover:bg-gray-100'}`
                  }
                >
                  {String(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:ml-0">
          <AccountArea />
        </div>
      </div>
    </header>
  )
}

function AccountArea(): ReactNode {
  const auth = useAuthService()
  const status = useAuth((state) => state.status)
  const nickname = useAuth((state) => state.profile?.nickname ?? state.profile?.name ?? state.user?.email ?? null)
  const location = useLocation()
  if (status === 'loading') return <span className="h-4 w-10 animate-pulse rounded-md bg-gray-100" aria-hidden />
  if (status !== 'authenticated') {
    return (
      <Link
        to={signInPath(location.pathname + location.search)}
        className="rounded-md bg-brand-strong px-2 py-0.5 font-semibold text-sm text-white hover:bg-brand"
      >
        로그인
      </Link>
    )
  }
  return (
    <>
      <span className="max-w-32 truncate font-semibold text-sm" data-testid="nickname">
        {nickname}님
      </span>
      <button
        type="button"
        onClick={() => void auth.logout()}
        className="rounded-md border border-gray-300 px-1.5 py-0.5 text-gray-700 text-sm hover:bg-gray-100"
      >
        로그아웃
      </button>
    </>
  )
}
