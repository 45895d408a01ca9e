import type { AuthActionResult, AuthStatus, UserProfile } from '@coursekit/core'
import { useMemo } from 'react'
import { shallowEqual } from '../shallow-equal.ts'
import { useAuth, useAuthService } from './use-auth.ts'

export interface ProfileView {
  status: AuthStatus
  /** Null while nobody is signed in (or before the profile was read). */
  profile: UserProfile | null
  /** 0, 33, 67 or 100: how much of name, nickname and phone is filled in. */
  completion: number
  /** Name, nickname and phone are filled in (or the completion redirects are used up). */
  hasProfile: boolean
  /** Reads the profile again, e.g. after the completion page saved it. */
  refresh(): Promise<UserProfile | null>
  updateDisplayName(displayName: string): Promise<AuthActionResult>
}

const selectProfile = (state: { status: AuthStatus; profile: UserProfile | null; profileCompletion: number }) => ({
  status: state.status,
  profile: state.profile,
  completion: state.profileCompletion,
})

/** The signed-in user's profile; re-renders only when the profile, its completion or the status changes. */
export function useProfile(): ProfileView {
  const auth = useAuthService()
  const { status, profile, completion } = useAuth(selectProfile, shallowEqual)
  const commands = useMemo(
    () => ({
      refresh: () => auth.refreshProfile(),
      updateDisplayName: (displayName: string) => auth.updateDisplayName(displayName),
    }),
    [auth],
  )
  return { status, profile, completion, hasProfile: profile?.hasProfile ?? false, ...commands }
}
