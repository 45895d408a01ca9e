import { clientErrorCodes } from '../api/api-error.ts'
import type { ApiResponse } from '../api/api-response.ts'

/** Whether a request may have changed the server although it failed: no answer arrived, or the server failed midway. */
export function mayHaveApplied(response: ApiResponse<unknown>): boolean {
  return !response.ok && (response.status === 0 || response.status >= 500)
}

/** Whether a failed batch or end-watch is worth sending again: nothing arrived, the server failed, or a token was just refreshed. */
export function isTransient(response: ApiResponse<unknown>): boolean {
  return (
    !response.ok &&
    (response.status === 0 || response.status >= 500 || response.code === clientErrorCodes.tokenRefreshed)
  )
}
