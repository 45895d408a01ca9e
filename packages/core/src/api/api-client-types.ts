import type * as z from 'zod/mini'
import type { EndpointBody, EndpointName, EndpointResponse, Endpoints, HttpMethod } from '../contract/endpoints.ts'
import type { ServerUserRecord } from '../contract/users.ts'
import type { ApiResponse } from './api-response.ts'
import type { QueryValue } from './request-target.ts'
import type { DownloadedFile } from './response-readers.ts'

export interface RequestOptions<T = unknown> {
  query?: Record<string, QueryValue>
  /** A plain object or array goes as JSON; a string, FormData, Blob or stream as it is. */
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Gives up after this long on the client's clock (status 0, code TIMEOUT). Default: no limit. */
  timeoutMs?: number
  /** Checks the response body; a body that does not fit is an error value, not a crash later. */
  schema?: z.ZodMiniType<T>
  /**
   * A request for the signed-in user: fails with 로그인이 필요합니다. when nobody is signed in,
   * without sending anything, and carries the bearer even on a public path of the API.
   */
  requireUser?: boolean
  /** After a successful token refresh, replays an idempotent request once instead of returning 401. */
  retryOnRefresh?: boolean
  /** Set false to keep a 5xx out of the toasts (heartbeats fail silently). Default true. */
  notify?: boolean
}

export type CallOptions = Omit<RequestOptions, 'query' | 'body' | 'schema'>

export type CallInput<N extends EndpointName> = {
  params?: Record<string, string>
  query?: Record<string, QueryValue>
} & (Endpoints[N]['body'] extends null
  ? { body?: undefined }
  : undefined extends EndpointBody<N>
    ? { body?: EndpointBody<N> }
    : { body: EndpointBody<N> })

export type CallArgs<N extends EndpointName> =
  // biome-ignore lint/complexity/noBannedTypes: "no required field" is what {} means here
  {} extends CallInput<N> ? [input?: CallInput<N>, options?: CallOptions] : [input: CallInput<N>, options?: CallOptions]

export interface DownloadOptions extends Omit<RequestOptions, 'schema'> {
  method?: HttpMethod
  /** Name used when neither the header nor the URL gives one. Default 'download'. */
  fallbackFilename?: string
}

export interface ApiClient {
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<ApiResponse<T>>
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<ApiResponse<T>>
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<ApiResponse<T>>
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<ApiResponse<T>>
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<ApiResponse<T>>
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<ApiResponse<T>>
  /** A file as a Blob, with its name. */
  download(path: string, options?: DownloadOptions): Promise<ApiResponse<DownloadedFile>>
  /** A contract endpoint by name: path parameters filled, body checked, response parsed with its schema. */
  call<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<ApiResponse<EndpointResponse<N>>>
  /** GET /api/users/{id} for the signed-in user; 로그인이 필요합니다. without one. */
  currentUser(options?: CallOptions): Promise<ApiResponse<ServerUserRecord>>
}
