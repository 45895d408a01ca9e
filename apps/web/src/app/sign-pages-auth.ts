import { useCourseClient } from '@coursekit/react'
import { useEffect } from 'react'
import { useLocation } from 'react-router'

/** The pages whose commands sign in, up or back in: /sign/… and the OAuth return. */
const SIGN_PAGES = /^\/(sign\/|auth\/callback$)/

/**
 * On a sign-in page, Supabase's auth client (auth-js, about 23 kB) is set up as the page opens, so
 * its first command does not wait for it. Elsewhere a visitor with no stored session never loads it.
 */
export function usePreloadAuthOnSignPages(): void {
  const { auth } = useCourseClient()
  const { pathname } = useLocation()
  const onSignPage = SIGN_PAGES.test(pathname)
  useEffect(() => {
    if (onSignPage) auth?.preload()
  }, [auth, onSignPage])
}
