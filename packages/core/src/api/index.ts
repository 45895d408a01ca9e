/**
 * client.api: requests, bearer placement, 401 recovery, errors, downloads.
 */

export type { ApiAuthPort } from './api-auth-port.ts'
export {
  type ApiClient,
  type CallInput,
  type CallOptions,
  createApiClient,
  type DownloadOptions,
  type RequestOptions,
} from './api-client.ts'
export { type ClientErrorCode, clientErrorCodes, errorCode, errorText } from './api-error.ts'
export type { ApiFailure, ApiResponse, ApiSuccess } from './api-response.ts'
export type { RecoveryOutcome } from './api-unauthorized-recovery.ts'
export { waitForAuthInitialized } from './auth-wait.ts'
export { downloadFilename, filenameFromContentDisposition } from './content-disposition.ts'
export type { QueryValue } from './request-target.ts'
export type { DownloadedFile } from './response-readers.ts'
export { tokenStoreApiAuth } from './token-store-api-auth.ts'
