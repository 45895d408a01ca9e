import type { ApiClient } from '../../api/api-client-types.ts'
import type { ServerUserRecord } from '../../contract/users.ts'
import type { Platform } from '../../kernel/ports.ts'
import type { Store } from '../../kernel/store.ts'
import type { AuthPersistence } from '../auth-persistence.ts'
import type { AuthState, AuthUser } from '../auth-store-state.ts'
import { returnTargetOf, takeProfileRedirect, withRedirectLimit } from './profile-redirect.ts'
import {
  effectiveRole,
  fallbackProfile,
  profileCompletion,
  profileFromRecord,
  type UserProfile,
} from './profile-rules.ts'

/** A profile as read: from the server, or the fallback of a failed read (spec section 8). */
export interface LoadedProfile {
  profile: UserProfile
  fromServer: boolean
}

export interface ProfileSync {
  /** GET /api/users/{id}; the incomplete USER fallback when that fails. */
  load(user: AuthUser): Promise<LoadedProfile>
  /** A record already in hand (oauth/process answers one), or the fallback for none. */
  fromRecord(record: ServerUserRecord | null, user: AuthUser): LoadedProfile
  /**
   * Into the state, local storage (auth_profile) and the role cookie, with the redirect limit
   * applied and the role only for a complete profile. Returns the profile as applied.
   * `fromServer` false: the fallback of a failed read, which is never sent to the completion page.
   * `alongside`: more of the state to change in the same update (a sign-in's status and user), so
   * no subscriber sees one without the other.
   */
  apply(profile: UserProfile, fromServer?: boolean, alongside?: Partial<AuthState>): UserProfile
  /**
   * The completion page to go to now, if any (counted). A profile that could not be read is not
   * known to be incomplete: no redirect on a guess.
   */
  redirectFor(loaded: LoadedProfile, applied: UserProfile): string | null
  /**
   * The completion page for the profile in the state now, as a gated page asks on entry (counted).
   * Once the limit is used up the profile is applied again, as complete, and null returned.
   */
  redirectForCurrent(): string | null
}

export function createProfileSync(deps: {
  api: ApiClient
  platform: Platform
  persistence: AuthPersistence
  store: Store<AuthState>
}): ProfileSync {
  const { api, platform, persistence, store } = deps
  let appliedFromServer = false

  function apply(loaded: UserProfile, fromServer = true, alongside: Partial<AuthState> = {}): UserProfile {
    appliedFromServer = fromServer
    const profile = withRedirectLimit(loaded, platform.sessionStorage)
    const role = effectiveRole(profile)
    persistence.saveProfile(profile, role)
    store.setState({ ...alongside, profile, role, profileCompletion: profileCompletion(loaded) })
    return profile
  }

  return {
    async load(user) {
      const record = await api.call('getUser', { params: { id: user.id } }, { notify: false, retryOnRefresh: true })
      return record.ok
        ? { profile: profileFromRecord(record.data), fromServer: true }
        : { profile: fallbackProfile(user, user.provider), fromServer: false }
    },
    fromRecord(record, user) {
      return record
        ? { profile: profileFromRecord(record), fromServer: true }
        : { profile: fallbackProfile(user, user.provider), fromServer: false }
    },
    apply,
    redirectFor(loaded, applied) {
      if (!loaded.fromServer) return null
      const here = platform.location.current()
      return takeProfileRedirect(applied, platform.sessionStorage, here.pathname, returnTargetOf(here))
    },
    redirectForCurrent() {
      const { profile } = store.getState()
      if (!profile || profile.hasProfile || !appliedFromServer) return null
      if (withRedirectLimit(profile, platform.sessionStorage).hasProfile) {
        apply(profile)
        return null
      }
      const here = platform.location.current()
      return takeProfileRedirect(profile, platform.sessionStorage, here.pathname, returnTargetOf(here))
    },
  }
}
