import { messages } from '../kernel/messages.ts'
import { clientErrorCodes } from './api-error.ts'
import { type ApiFailure, type ApiResponse, failure, success } from './api-response.ts'
import type { BodyCheck } from './endpoint-schemas.ts'
import type { RequestTarget } from './request-target.ts'

/** Turns a successful response into the ApiResponse a caller gets. May throw if the body cannot be read. */
export type ResponseReader<T> = (response: Response, target: RequestTarget) => Promise<ApiResponse<T>>

export interface DownloadedFile {
  blob: Blob
  /** From Content-Disposition (RFC 6266/5987), else the URL's last segment, else the fallback. */
  filename: string
  contentType: string | null
}

/**
 * JSON, checked with `check` when there is one. An empty body is `null`. A body that is not JSON
 * and a body that does not fit are the two failures of spec section 8.
 */
export function jsonReader<T>(check: BodyCheck<T> | undefined): ResponseReader<T> {
  return async (response) => {
    const text = await response.text()
    let data: unknown = null
    if (text.trim() !== '') {
      try {
        data = JSON.parse(text)
      } catch (error) {
        return failure({
          error: messages.invalidJson,
          status: response.status,
          raw: response,
          code: clientErrorCodes.invalidJson,
          body: text,
          cause: error,
        })
      }
    }
    if (!check) return success(data as T, response)
    const checked = check(data)
    const parsed = checked instanceof Promise ? await checked : checked
    if (!parsed.success) {
      return failure({
        error: messages.responseProcessingFailed,
        status: response.status,
        raw: response,
        code: clientErrorCodes.invalidResponse,
        body: data,
        cause: parsed.error,
      })
    }
    return success(parsed.data, response)
  }
}

export function blobReader(fallbackFilename: string | undefined): ResponseReader<DownloadedFile> {
  return async (response, target) => {
    const blob = await response.blob()
    // Loaded when a file is first downloaded: the header's parser (RFC 6266/5987) is not worth its
    // bytes in the app's first load, which every visitor waits for.
    const { downloadFilename } = await import('./content-disposition.ts')
    const filename = downloadFilename(response.headers.get('content-disposition'), target.url, fallbackFilename)
    return success({ blob, filename, contentType: response.headers.get('content-type') }, response)
  }
}

/** A body that could not be read at all (the stream broke): the other parse failure. */
export function processingFailure(response: Response, error: unknown): ApiFailure {
  return failure({
    error: messages.responseProcessingFailed,
    status: response.status,
    raw: response,
    code: clientErrorCodes.invalidResponse,
    cause: error,
  })
}

/**
 * Whether what the fetch port resolved is an HTTP response to read. `Response.error()` and opaque
 * responses have status 0: nothing readable arrived, as when fetch rejects. Anything that is no
 * Response at all is a broken port, and the same. A Response of another realm (an iframe's fetch)
 * is not `instanceof Response` and passes by its shape; the usual case costs one `instanceof`.
 */
export function isHttpResponse(value: unknown): value is Response {
  if (value instanceof Response) return value.status !== 0
  if (typeof value !== 'object' || value === null) return false
  const { status, headers, text } = value as Partial<Response>
  return (
    typeof status === 'number' &&
    status >= 200 &&
    status <= 599 &&
    typeof text === 'function' &&
    typeof headers?.get === 'function'
  )
}

/** The error body as JSON if it is JSON; anything else (an HTML error page) is no body. */
export async function readJsonQuietly(response: Response): Promise<unknown> {
  try {
    const text = await response.text()
    return text.trim() === '' ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}
