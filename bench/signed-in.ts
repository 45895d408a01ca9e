import type { ApiAuthPort } from '@coursekit/core'
import type { MockBackend } from '@coursekit/mock-server'

/** An access token the backend accepts for `sub`, signed directly (no sign-in round trip). */
export async function userToken(
  backend: MockBackend,
  sub: string,
  options: { email?: string; sessionId?: string } = {},
): Promise<string> {
  const { token } = await backend.context.tokens.signAccessToken({
    sub,
    email: options.email ?? `${sub}@bench.test`,
    session_id: options.sessionId ?? `auth-${sub}`,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    amr: [],
  })
  return token
}

/** Someone signed in with `token` for good: no refresh, no sign-out, no video playing. */
export function fixedApiAuth(token: string, userId: string): ApiAuthPort {
  return {
    getAccessToken: () => token,
    getUserId: () => userId,
    isInitialized: () => true,
    isAuthenticated: () => true,
    refresh: async () => false,
    logout: async () => {},
    isVideoPlaying: () => false,
    logoutInProgress: false,
  }
}
