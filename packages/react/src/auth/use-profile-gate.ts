import type { AuthState, UserProfile } from '@coursekit/core'
import { useEffect, useRef } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { shallowEqual } from '../shallow-equal.ts'
import { useAuth, useAuthService } from './use-auth.ts'

export type ProfileGateStatus = 'loading' | 'unauthenticated' | 'incomplete' | 'complete'

export interface ProfileGateOptions {
  /**
   * The current route's path, from your router: the gate checks again on every page it enters.
   * Default: the page's path when the gate mounts (checked once).
   */
  pathname?: string
  /** Default true. */
  enabled?: boolean
}

export interface ProfileGateView {
  status: ProfileGateStatus
  profile: UserProfile | null
  /** 0, 33, 67 or 100. */
  completion: number
}

const selectGate = (state: AuthState) => ({
  status: gateStatus(state),
  profile: state.profile,
  completion: state.profileCompletion,
})

function gateStatus(state: AuthState): ProfileGateStatus {
  if (state.status !== 'authenticated') return state.status
  if (!state.profile) return 'loading'
  return state.profile.hasProfile ? 'complete' : 'incomplete'
}

/**
 * The profile-completion redirect for the pages it guards (spec section 4): entering a page with an
 * incomplete profile sends the user to /sign/complete/{userId}/{email}, at most 3 times per browser
 * session (then the profile counts as complete). The core counts and decides
 * (`auth.requireCompleteProfile()`); sign-in and start-up take the redirect themselves, so the gate
 * asks only when a page is entered, once per path (StrictMode's second effect asks nothing).
 */
export function useProfileGate(options: ProfileGateOptions = {}): ProfileGateView {
  const client = useCourseClient()
  const auth = useAuthService()
  const view = useAuth(selectGate, shallowEqual)
  const enabled = options.enabled ?? true
  const checkedPath = useRef<string | null>(null)
  const { pathname } = options

  useEffect(() => {
    if (!enabled) {
      checkedPath.current = null
      return
    }
    const path = pathname ?? client.platform.location.current().pathname
    if (checkedPath.current === path) return
    checkedPath.current = path
    auth.requireCompleteProfile()
  }, [auth, client, enabled, pathname])

  return view
}
