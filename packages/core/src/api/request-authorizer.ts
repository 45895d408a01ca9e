import type { Clock } from '../kernel/clock.ts'
import { messages } from '../kernel/messages.ts'
import type { ApiAuthPort } from './api-auth-port.ts'
import { clientErrorCodes } from './api-error.ts'
import { type ApiFailure, failure } from './api-response.ts'
import type { UnauthorizedRecovery } from './api-unauthorized-recovery.ts'
import { waitForAuthInitialized } from './auth-wait.ts'

/** A request may go: with this token (null: none), read in this generation of the 401 recovery. Else why not. */
export type Authorized = ApiFailure | { token: string | null; generation: number }

/** Asks whether a request may go, and with which token; `requireUser`: only for a signed-in user. */
export type RequestAuthorizer = (requireUser: boolean, signal: AbortSignal) => Authorized | Promise<Authorized>

/**
 * The auth wait (spec section 5), the token, and the current-user check, in that order, for the API
 * client. Initialised auth with a plain-string token is the usual case, and it is answered without
 * a promise: the hot path of a simulation adds no microtask turn for it.
 */
export function requestAuthorizer(
  auth: () => ApiAuthPort,
  clock: Clock,
  recovery: Pick<UnauthorizedRecovery, 'generation'>,
): RequestAuthorizer {
  const authorize: RequestAuthorizer = (requireUser, signal) => {
    const port = auth()
    const initializing = port.whenInitialized()
    if (initializing) return afterWait(initializing, requireUser, signal)
    const generation = recovery.generation
    let pending: ReturnType<ApiAuthPort['getAccessToken']>
    try {
      pending = port.getAccessToken()
    } catch {
      pending = null
    }
    if (typeof pending === 'string' || pending === null) return authorized(port, requireUser, pending, generation)
    // Through Promise.resolve: an auth source may hand back any thenable, and the caller tells a
    // pending answer by `instanceof Promise`.
    return Promise.resolve(pending).then(
      (token) => authorized(port, requireUser, token, generation),
      () => authorized(port, requireUser, null, generation),
    )
  }

  async function afterWait(initializing: Promise<void>, requireUser: boolean, signal: AbortSignal) {
    return (await waitForAuthInitialized(initializing, clock, signal))
      ? // Ready now: the token and the user check as for any request.
        authorize(requireUser, signal)
      : failure({ error: messages.authRequired, status: 401, code: clientErrorCodes.authTimeout })
  }

  return authorize
}

function authorized(port: ApiAuthPort, requireUser: boolean, token: string | null, generation: number): Authorized {
  if (requireUser && port.getUserId() === null) {
    return failure({ error: messages.loginRequired, status: 401, code: clientErrorCodes.loginRequired })
  }
  return { token, generation }
}
