/**
 * What every API call resolves to (spec section 3, "API response wrapper": data, error, status,
 * raw response). Expected failures are values: a call never throws for a status, a network failure,
 * a malformed body or a missing login. Check `ok` (or `error`) before reading `data`.
 */
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure

export interface ApiSuccess<T> {
  ok: true
  data: T
  error: null
  status: number
  /** The response as received; its body has been read. */
  raw: Response
  code: null
}

export interface ApiFailure {
  ok: false
  data: null
  /** Text a person can be shown (section 8 rules). */
  error: string
  /** HTTP status; 0 when no response arrived (network failure, abort, timeout, bad request input). */
  status: number
  raw: Response | null
  /** What a program acts on: the body's `code` or `errorCode`, or one of `clientErrorCodes`. */
  code: string | null
  /** The parsed error body, when the server sent JSON (e.g. the device-limit body with its sessions). */
  body: unknown
  /** Why, for logs: the thrown error, or the schema issues of a body that did not fit. */
  cause?: unknown
}

export function success<T>(data: T, raw: Response): ApiSuccess<T> {
  return { ok: true, data, error: null, status: raw.status, raw, code: null }
}

export function failure(fields: {
  error: string
  status: number
  raw?: Response | null
  code?: string | null
  body?: unknown
  cause?: unknown
}): ApiFailure {
  const result: ApiFailure = {
    ok: false,
    data: null,
    error: fields.error,
    status: fields.status,
    raw: fields.raw ?? null,
    code: fields.code ?? null,
    body: fields.body,
  }
  if (fields.cause !== undefined) result.cause = fields.cause
  return result
}
