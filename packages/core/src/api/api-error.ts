/** Codes the client itself puts in `ApiFailure.code` when the server did not give one. */
export const clientErrorCodes = {
  network: 'NETWORK_ERROR',
  aborted: 'ABORTED',
  timeout: 'TIMEOUT',
  disposed: 'CLIENT_DISPOSED',
  invalidRequest: 'INVALID_REQUEST',
  invalidJson: 'INVALID_JSON',
  invalidResponse: 'INVALID_RESPONSE',
  authTimeout: 'AUTH_TIMEOUT',
  loginRequired: 'LOGIN_REQUIRED',
  tokenRefreshed: 'TOKEN_REFRESHED',
  sessionExpired: 'SESSION_EXPIRED',
} as const
export type ClientErrorCode = (typeof clientErrorCodes)[keyof typeof clientErrorCodes]

/** Spec section 8: the body's `error`, else its `message`, else `request failed: STATUS STATUSTEXT`. */
export function errorText(body: unknown, status: number, statusText: string): string {
  const field = (name: 'error' | 'message') => {
    const value = isRecord(body) ? body[name] : undefined
    return typeof value === 'string' && value.trim() !== '' ? value : null
  }
  return field('error') ?? field('message') ?? `request failed: ${status} ${statusText}`.trimEnd()
}

/** The machine-readable code of an error body: `code`, or users/create's `errorCode`. */
export function errorCode(body: unknown): string | null {
  if (!isRecord(body)) return null
  for (const name of ['code', 'errorCode'] as const) {
    const value = body[name]
    if (typeof value === 'string' && value !== '') return value
  }
  return null
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
