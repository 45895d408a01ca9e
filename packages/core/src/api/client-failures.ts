import { messages } from '../kernel/messages.ts'
import { clientErrorCodes } from './api-error.ts'
import { type ApiFailure, failure } from './api-response.ts'

/*
 * The failures the client makes itself, before or instead of an HTTP answer: status 0, with a code of
 * clientErrorCodes.
 */

/** A request refused before it was sent, as a settled answer (the callers are not async). */
export function invalidRequest(reason: string, cause?: unknown): Promise<ApiFailure> {
  return Promise.resolve(
    failure({ error: `invalid request: ${reason}`, status: 0, code: clientErrorCodes.invalidRequest, cause }),
  )
}

/** Nothing arrived: the transport failed, or answered with no HTTP response (status 0). */
export function networkFailure(cause: unknown): ApiFailure {
  return failure({ error: 'request failed: network error', status: 0, code: clientErrorCodes.network, cause })
}

/** The transport answered with no HTTP response (the desktop proxy's garbage reply): spec section 8's parse failure. */
export function malformedReply(cause: unknown): ApiFailure {
  return failure({ error: messages.responseProcessingFailed, status: 0, code: clientErrorCodes.invalidResponse, cause })
}

export function disposedFailure(): ApiFailure {
  return failure({ error: 'request failed: client disposed', status: 0, code: clientErrorCodes.disposed })
}

export function abortedFailure(): ApiFailure {
  return failure({ error: 'request failed: aborted', status: 0, code: clientErrorCodes.aborted })
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
