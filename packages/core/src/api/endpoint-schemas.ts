import type * as z from 'zod/mini'
import type { EndpointRoute } from '../contract/endpoint-routes.ts'
import type { EndpointName, EndpointResponse, Endpoints } from '../contract/endpoints.ts'

let loaded: Endpoints | null = null
let loading: Promise<Endpoints> | null = null

/**
 * The contract's endpoints with their zod schemas, loaded on first use: the first call that sends a
 * body or reads a response its route cannot check alone. Once loaded it is answered without a
 * promise, so a simulation's hot path (heartbeats) gains no microtask turns. A load that failed (a
 * chunk the network lost) is tried again by the next call.
 */
export function endpointSchemas(): Endpoints | Promise<Endpoints> {
  if (loaded) return loaded
  loading ??= import('../contract/endpoints.ts').then(
    (module) => {
      loaded = module.endpoints
      return loaded
    },
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

/** The outcome of checking a body: zod's safeParse result has this shape. */
export type CheckOutcome<T> = { success: true; data: T } | { success: false; error: unknown }

/** Checks a response body; may load the schemas first. */
export type BodyCheck<T> = (data: unknown) => CheckOutcome<T> | Promise<CheckOutcome<T>>

/** A caller's zod schema as a body check (the caller has zod loaded already). */
export function schemaCheck<T>(schema: z.ZodMiniType<T> | undefined): BodyCheck<T> | undefined {
  return schema && ((data) => schema.safeParse(data))
}

/**
 * The response check of contract endpoint `name`: its route's own check where it has one and the
 * body passes it, else the endpoint's schema, which decides (and says why a body does not fit).
 */
export function responseCheck<N extends EndpointName>(name: N, route: EndpointRoute): BodyCheck<EndpointResponse<N>> {
  const parse = (loaded: Endpoints, data: unknown) =>
    (loaded[name].response as unknown as z.ZodMiniType<EndpointResponse<N>>).safeParse(data)
  return (data) => {
    if (route.fits?.(data)) return { success: true, data: data as EndpointResponse<N> }
    const schemas = endpointSchemas()
    return schemas instanceof Promise ? schemas.then((loaded) => parse(loaded, data)) : parse(schemas, data)
  }
}
