import type * as z from 'zod/mini'
import { type EndpointRouteName, endpointPath, endpointRoutes, type HttpMethod } from '../contract/endpoint-routes.ts'
import type { EndpointName, EndpointResponse, Endpoints } from '../contract/endpoints.ts'
import type { ApiClient, CallArgs, CallInput, RequestOptions } from './api-client-types.ts'
import type { ApiResponse } from './api-response.ts'
import { describe, disposedFailure, invalidRequest, networkFailure } from './client-failures.ts'
import { endpointSchemas, responseCheck } from './endpoint-schemas.ts'
import { jsonReader, type ResponseReader } from './response-readers.ts'

/** The API client's one way to send: a method and a path, with what to do with the answer. */
export type SendRequest = <T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions<T>,
  read: ResponseReader<T>,
) => Promise<ApiResponse<T>>

/**
 * `ApiClient.call`: a contract endpoint by name. Its path is filled from `params`; a body is checked
 * against its schema before it goes (the schemas load with the first such call), and the answer
 * against the endpoint's response. A name, a parameter or a body the contract refuses is an
 * INVALID_REQUEST failure, and nothing is sent.
 */
export function endpointCall(request: SendRequest, lifetime: AbortSignal): ApiClient['call'] {
  return function call<N extends EndpointName>(
    name: N,
    ...args: CallArgs<N>
  ): Promise<ApiResponse<EndpointResponse<N>>> {
    const [input = {} as CallInput<N>, options = {}] = args
    const route = Object.hasOwn(endpointRoutes, name) ? endpointRoutes[name as EndpointRouteName] : undefined
    if (route === undefined) {
      return invalidRequest(`no endpoint named ${String(name)}`)
    }
    let path: string
    try {
      path = endpointPath(route.path, input.params)
    } catch (error) {
      return invalidRequest(describe(error), error)
    }
    const read = jsonReader(responseCheck(name, route))
    if (!route.body) return request(route.method, path, { ...options, query: input.query, body: undefined }, read)
    const sendChecked = (loaded: Endpoints) => {
      const parsed = (loaded[name].body as z.ZodMiniType).safeParse(input.body)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'body'
        return invalidRequest(`${where}: ${issue?.message ?? 'does not match the contract'}`, parsed.error)
      }
      return request(route.method, path, { ...options, query: input.query, body: parsed.data }, read)
    }
    const schemas = endpointSchemas()
    if (!(schemas instanceof Promise)) return sendChecked(schemas)
    return schemas.then(sendChecked, (error: unknown) => (lifetime.aborted ? disposedFailure() : networkFailure(error)))
  }
}
