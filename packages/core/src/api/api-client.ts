import type { HttpMethod } from '../contract/endpoint-routes.ts'
import { ErrorCode } from '../contract/error-code.ts'
import type { Clock } from '../kernel/clock.ts'
import type { ClientEvents, EventEmitter } from '../kernel/emitter.ts'
import { MalformedReplyError } from '../kernel/malformed-reply.ts'
import { messages } from '../kernel/messages.ts'
import { noticeText } from '../kernel/notice-text.ts'
import type { FetchLike, LocationPort } from '../kernel/ports.ts'
import type { ApiAuthPort } from './api-auth-port.ts'
import type { ApiClient, RequestOptions } from './api-client-types.ts'
import { clientErrorCodes, errorCode, errorText } from './api-error.ts'
import { type ApiFailure, type ApiResponse, failure } from './api-response.ts'
import { UnauthorizedRecovery } from './api-unauthorized-recovery.ts'
import type { ApiUrls } from './api-urls.ts'
import {
  abortedFailure,
  describe,
  disposedFailure,
  invalidRequest,
  malformedReply,
  networkFailure,
} from './client-failures.ts'
import { endpointCall } from './endpoint-call.ts'
import { schemaCheck } from './endpoint-schemas.ts'
import { type Authorized, requestAuthorizer } from './request-authorizer.ts'
import { requestHeaders } from './request-headers.ts'
import { requestInit } from './request-init.ts'
import { requestSignals } from './request-signal.ts'
import type { RequestTarget } from './request-target.ts'
import {
  blobReader,
  isHttpResponse,
  jsonReader,
  processingFailure,
  type ResponseReader,
  readJsonQuietly,
} from './response-readers.ts'

export interface ApiClientDeps {
  /** The API's URLs (the client's one parse of its apiBaseUrl). */
  urls: ApiUrls
  fetch: FetchLike
  clock: Clock
  /** Read per request, so the auth service can take over from a fallback source. */
  auth: () => ApiAuthPort
  events: EventEmitter<ClientEvents>
  location: LocationPort
  /** The User-Agent header to send, or null to leave it to the runtime (browsers). */
  userAgent: string | null
  /** Default of `RequestOptions.retryOnRefresh`. */
  retryOnRefresh?: boolean
  /** Aborted when the client is disposed: every request in flight ends, new ones fail at once. */
  lifetime: AbortSignal
}

const IDEMPOTENT = new Set<string>(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const resolveTarget = deps.urls.target
  const headersFor = requestHeaders(deps.userAgent)
  const signalFor = requestSignals(deps.lifetime, deps.clock)
  const recovery = new UnauthorizedRecovery({ auth: deps.auth, events: deps.events, location: deps.location })
  const authorize = requestAuthorizer(deps.auth, deps.clock, recovery)
  // Requests whose 5xx was told (`METHOD url`): the next success of the same request says `settled`.
  const failedTopics = new Set<string>()

  // Not async (nor is `call`): an async wrapper around `send` would add promises and microtask turns
  // to every request, the hot path of a simulation; `npm run bench:instructions` counts it.
  function request<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions<T>,
    read: ResponseReader<T>,
  ): Promise<ApiResponse<T>> {
    let target: RequestTarget
    try {
      target = resolveTarget(path, options.query)
    } catch (error) {
      return invalidRequest(describe(error), error)
    }
    return send(method, target, options, read, false)
  }

  async function send<T>(
    method: HttpMethod,
    target: RequestTarget,
    options: RequestOptions<T>,
    read: ResponseReader<T>,
    isReplay: boolean,
  ): Promise<ApiResponse<T>> {
    if (deps.lifetime.aborted) return disposedFailure()
    const stop = signalFor(options.timeoutMs, options.signal)
    const { signal } = stop
    const interrupted = (error: unknown): ApiFailure | null => {
      if (deps.lifetime.aborted) return disposedFailure()
      if (stop.timedOut) {
        return failure({
          error: `request failed: timed out after ${options.timeoutMs} ms`,
          status: 0,
          code: clientErrorCodes.timeout,
          cause: error,
        })
      }
      if (options.signal?.aborted) {
        return failure({ error: 'request failed: aborted', status: 0, code: clientErrorCodes.aborted, cause: error })
      }
      return null
    }

    try {
      let token: string | null = null
      let generation = recovery.generation
      // A request for the signed-in user carries their bearer even on a public path of the API (a
      // preview lesson's path serves any lesson's materials, the rest only to a learner).
      const sendsBearer = target.sendsBearer || (options.requireUser === true && target.apiPath !== null)
      if (sendsBearer || options.requireUser) {
        const pending = authorize(options.requireUser === true, signal)
        const authorized = pending instanceof Promise ? await pending : pending
        if ('ok' in authorized) return authorized
        token = authorized.token
        generation = authorized.generation
      }

      let response: Response
      try {
        response = await deps.fetch(
          target.url,
          requestInit(method, headersFor(sendsBearer ? token : null, options.headers), options.body, signal),
        )
      } catch (error) {
        return (
          interrupted(error) ?? (error instanceof MalformedReplyError ? malformedReply(error) : networkFailure(error))
        )
      }
      if (!isHttpResponse(response)) {
        const cause = new TypeError('fetch resolved no HTTP response', { cause: response })
        return interrupted(cause) ?? networkFailure(cause)
      }

      if (response.ok) {
        const topic = `${method} ${target.url}`
        if (failedTopics.delete(topic)) deps.events.emit('settled', { topic })
        try {
          return await read(response, target)
        } catch (error) {
          return interrupted(error) ?? processingFailure(response, error)
        }
      }

      const body = await readJsonQuietly(response)
      const fail = failure({
        error: errorText(body, response.status, response.statusText),
        status: response.status,
        raw: response,
        code: errorCode(body),
        body,
      })
      if (response.status === 401 && sendsBearer && fail.code !== ErrorCode.sessionRevoked) {
        const outcome = await recovery.recover(generation)
        if (outcome === 'refreshed') {
          const replay = options.retryOnRefresh ?? deps.retryOnRefresh ?? false
          if (replay && !isReplay && IDEMPOTENT.has(method)) return send(method, target, options, read, true)
          return { ...fail, error: messages.tokenRefreshed, code: clientErrorCodes.tokenRefreshed }
        }
        if (outcome === 'expired')
          return { ...fail, error: messages.sessionExpired, code: clientErrorCodes.sessionExpired }
        return fail
      }
      if (response.status >= 500 && options.notify !== false) {
        const topic = `${method} ${target.url}`
        failedTopics.add(topic)
        deps.events.emit('notice', { kind: 'error', message: noticeText(fail.error), topic })
      }
      return fail
    } catch (error) {
      // Only an abort can land here (the auth wait); anything else is a bug worth seeing.
      const stopped = interrupted(error)
      if (stopped) return stopped
      throw error
    } finally {
      stop.end()
    }
  }

  const verb =
    (method: HttpMethod) =>
    <T>(path: string, body?: unknown, options: RequestOptions<T> = {}) =>
      request(method, path, { ...options, body }, jsonReader(schemaCheck(options.schema)))

  const api: ApiClient = {
    request: (method, path, options = {}) => request(method, path, options, jsonReader(schemaCheck(options.schema))),
    get: (path, options = {}) => request('GET', path, options, jsonReader(schemaCheck(options.schema))),
    post: verb('POST'),
    put: verb('PUT'),
    patch: verb('PATCH'),
    delete: (path, options = {}) => request('DELETE', path, options, jsonReader(schemaCheck(options.schema))),

    download(path, options = {}) {
      const { method = 'GET', fallbackFilename, ...rest } = options
      return request(method, path, rest, blobReader(fallbackFilename))
    },

    call: endpointCall(request, deps.lifetime),

    async currentUser(options = {}) {
      const signal = options.signal ? AbortSignal.any([deps.lifetime, options.signal]) : deps.lifetime
      if (signal.aborted) return deps.lifetime.aborted ? disposedFailure() : abortedFailure()
      let authorized: Authorized
      try {
        authorized = await authorize(true, signal)
      } catch {
        return deps.lifetime.aborted ? disposedFailure() : abortedFailure()
      }
      if ('ok' in authorized) return authorized
      const id = deps.auth().getUserId()!
      return api.call('getUser', { params: { id } }, options)
    },
  }
  return api
}
