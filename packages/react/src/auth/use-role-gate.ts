import { type AuthState, roleMatches, routes } from '@coursekit/core'
import { useCourseClient } from '../course-client-context.ts'
import { requestNavigation } from './navigate.ts'
import { useAuth } from './use-auth.ts'
import { useRedirectWhen } from './use-auth-gate.ts'

export type RoleGateStatus =
  /** The session or the profile (which carries the role) is still being read. */
  | 'loading'
  | 'unauthenticated'
  /** Signed in without the role. */
  | 'forbidden'
  | 'allowed'

export interface RoleGateOptions {
  /** Where to send a signed-out user. Default /sign/in; null to stay. */
  signInPath?: string | null
  /** Where to send a user without the role. Default /; null to stay (and render a 403 of your own). */
  redirectTo?: string | null
}

export interface RoleGateView {
  status: RoleGateStatus
  role: string | null
  allowed: boolean
}

function gateStatus(state: Pick<AuthState, 'status' | 'role'>, required: string | readonly string[]): RoleGateStatus {
  if (state.status === 'loading') return 'loading'
  if (state.status === 'unauthenticated') return 'unauthenticated'
  // Signed in, profile not read yet: the role is not known.
  if (state.role === null) return 'loading'
  return roleMatches(state.role, required) ? 'allowed' : 'forbidden'
}

/**
 * For a page that needs a role (one, or any of a list; spec section 6: the role applies only to a
 * complete profile, else it is USER). Sends a signed-out user to sign-in and a user without the
 * role to `redirectTo`.
 */
export function useRoleGate(required: string | readonly string[], options: RoleGateOptions = {}): RoleGateView {
  const client = useCourseClient()
  const status = useAuth((state) => gateStatus(state, required))
  const role = useAuth((state) => state.role)
  const signInPath = options.signInPath === undefined ? routes.signIn : options.signInPath
  const redirectTo = options.redirectTo === undefined ? routes.home : options.redirectTo
  const target = status === 'unauthenticated' ? signInPath : status === 'forbidden' ? redirectTo : null
  useRedirectWhen(target, () => requestNavigation(client, target!))
  return { status, role, allowed: status === 'allowed' }
}
