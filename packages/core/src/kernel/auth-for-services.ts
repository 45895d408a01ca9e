import type { ReadableStore } from './store.ts'

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated'

/** Who is signed in, as other services need to know it. */
export interface AuthUserRef {
  id: string
  email: string | null
}

/** The part of the auth state every service may read; the auth service's full state extends it. */
export interface AuthForServicesState {
  status: AuthStatus
  user: AuthUserRef | null
}

/**
 * What the device and analytics services see of authentication. They follow the store (a user
 * appears: login; disappears: logout; another id: a change of user) rather than events, so a
 * service created after sign-in still sees the current user.
 */
export interface AuthForServices {
  readonly store: ReadableStore<AuthForServicesState>
  /**
   * Work that must finish while the session's token is still valid, before sign-out drops it (the
   * device service ends its watch and session here). Sign-out awaits every hook, bounded in time.
   * Returns the unregister function.
   */
  onBeforeSignOut(hook: () => Promise<void>): () => void
}
