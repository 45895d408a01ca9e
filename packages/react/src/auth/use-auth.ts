import type { AuthService, AuthState } from '@coursekit/core'
import { useCourseClient } from '../course-client-context.ts'
import { useStore } from '../use-store.ts'

/** The client's auth service; throws when the client was made without Supabase Auth. */
export function useAuthService(): AuthService {
  const { auth } = useCourseClient()
  if (!auth) {
    throw new Error(
      'This CourseClient has no auth service: give createCourseClient supabaseUrl and supabaseAnonKey (or supabase)',
    )
  }
  return auth
}

/**
 * The auth state (status, user, role, profile, ...), or the slice `selector` picks: the component
 * re-renders only when that slice changes (a token refresh changes `token` and `expiry`, so a
 * component that reads only `status` stays as it is).
 */
export function useAuth(): AuthState
export function useAuth<T>(selector: (state: AuthState) => T, isEqual?: (a: T, b: T) => boolean): T
export function useAuth<T>(selector?: (state: AuthState) => T, isEqual?: (a: T, b: T) => boolean): T | AuthState {
  const auth = useAuthService()
  return useStore<AuthState, T | AuthState>(auth.store, selector ?? wholeState, isEqual as never)
}

const wholeState = (state: AuthState): AuthState => state
