import { type AuthStatus, type AuthUser, routes } from '@coursekit/core'
import { useEffect, useRef } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { shallowEqual } from '../shallow-equal.ts'
import { requestNavigation } from './navigate.ts'
import { useAuth } from './use-auth.ts'

export interface AuthGateOptions {
  /** Where to send a signed-out user. Default /sign/in; null to stay (and render your own). */
  redirectTo?: string | null
}

export interface AuthGateView {
  status: AuthStatus
  user: AuthUser | null
  isAuthenticated: boolean
  /** The stored session is still being read: render a placeholder, not the page. */
  isLoading: boolean
}

const selectStatus = (state: { status: AuthStatus; user: AuthUser | null }) => ({
  status: state.status,
  user: state.user,
})

/** For a page that needs a signed-in user: once the session is known to be absent, goes to sign-in. */
export function useAuthGate(options: AuthGateOptions = {}): AuthGateView {
  const client = useCourseClient()
  const { status, user } = useAuth(selectStatus, shallowEqual)
  const redirectTo = options.redirectTo === undefined ? routes.signIn : options.redirectTo
  useRedirectWhen(status === 'unauthenticated' ? redirectTo : null, () => requestNavigation(client, redirectTo!))
  return { status, user, isAuthenticated: status === 'authenticated', isLoading: status === 'loading' }
}

/**
 * Runs `go` when `target` becomes non-null, once per time it does: effects that run twice
 * (StrictMode, Fast Refresh) do not navigate twice.
 */
export function useRedirectWhen(target: string | null, go: () => void): void {
  const done = useRef<string | null>(null)
  const latestGo = useRef(go)
  useEffect(() => {
    latestGo.current = go
  })
  useEffect(() => {
    if (target === null) {
      done.current = null
      return
    }
    if (done.current === target) return
    done.current = target
    latestGo.current()
  }, [target])
}
