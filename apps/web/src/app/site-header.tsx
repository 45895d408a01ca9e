import './site-header.css'
import { useAuth, useEndpoint } from '@coursekit/react'
import { type ComponentProps, type ComponentType, type ReactNode, useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { greeting } from './greeting.ts'
import { HeaderSearch } from './header-search.tsx'
import { lazyPage } from './page-code.ts'
import { signInPath } from './paths.ts'
import type { ProfileMenu as ProfileMenuComponent } from './profile-menu.tsx'
import { SectionNav } from './section-nav.tsx'
import { type SiteMenuItem, siteMenu } from './site-menu.ts'

// Who is signed in is known only after the first paint, so the greeting's menu loads then and the
// first paint's scripts carry none of it (no Suspense: its reveal would wait on the page's timers).
const loadProfileMenu = lazyPage(
  () => import('./profile-menu.tsx'),
  (module) => module.ProfileMenu,
)

/**
 * One sticky bar: the brand, the search, and who is signed in (their menu) or the way to sign in.
 * The sections from menu-settings sit in the bar from 768 px and in a tab bar at the bottom below.
 */
export function SiteHeader(): ReactNode {
  const menu = siteMenu(useEndpoint('menuSettings').data?.items)
  return (
    <header className="site-header">
      <div className="site-header-bar">
        <Link to="/" className="site-logo">
          코스킷
        </Link>
        <SectionNav sections={menu.sections} />
        <HeaderSearch />
        <AccountArea links={menu.account} />
      </div>
    </header>
  )
}

function AccountArea({ links }: { links: SiteMenuItem[] }): ReactNode {
  const status = useAuth((state) => state.status)
  const label = useAuth((state) => greeting(state.profile))
  const location = useLocation()
  const signedIn = status === 'authenticated'
  const [ProfileMenu, setProfileMenu] = useState<ComponentType<ComponentProps<typeof ProfileMenuComponent>>>()
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!signedIn || ProfileMenu || failed) return
    loadProfileMenu().then(
      ({ Component }) => setProfileMenu(() => Component),
      () => setFailed(true),
    )
  }, [signedIn, ProfileMenu, failed])

  if (status === 'unauthenticated') {
    return (
      <Link to={signInPath(location.pathname + location.search)} className="header-sign-in">
        로그인
      </Link>
    )
  }
  if (ProfileMenu && signedIn) {
    return <ProfileMenu links={links} />
  }
  // The menu's code did not arrive (offline): the greeting asks for it again when pressed.
  if (failed && signedIn) {
    return (
      <button type="button" className="profile-button" onClick={() => setFailed(false)}>
        {label}
      </button>
    )
  }
  return <span className="header-pending" aria-hidden />
}
