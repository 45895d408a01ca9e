/**
 * client.api: requests, bearer placement, 401 recovery, errors, downloads; what a request takes
 * and what it answers.
 */

export type { ApiAuthPort } from './api-auth-port.ts'
export type { ApiClient, CallInput, CallOptions, DownloadOptions, RequestOptions } from './api-client-types.ts'
export { type ClientErrorCode, clientErrorCodes } from './api-error.ts'
export type { ApiFailure, ApiResponse, ApiSuccess } from './api-response.ts'
export type { QueryValue } from './request-target.ts'
export type { DownloadedFile } from './response-readers.ts'
