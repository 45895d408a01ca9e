import { type Clock, sleep, systemClock } from '@coursekit/core/clock'
import { ErrorCode } from '@coursekit/core/contract'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { createAuthApp } from './auth/app.ts'
import { AuthError, authErrorResponse } from './auth/errors.ts'
import { compileRedirectGlob } from './auth/redirect-glob.ts'
import { BodyLimit } from './body-limit.ts'
import { type BackendContext, createContext } from './context.ts'
import { allowedOrigins, browserCors, needsCors } from './cors.ts'
import { createDevApp } from './dev-app.ts'
import { DroppedResponseError, FaultInjector } from './faults.ts'
import { apiError, type BackendEnv, BadRequest, type ClientConnection } from './http.ts'
import { DEV_ROUTES_LOOPBACK_ONLY, loopbackOnly } from './loopback.ts'
import type { Mailbox } from './mailbox.ts'
import { readShippedMedia } from './media-files.ts'
import {
  DEFAULT_DEVICE_LIMIT,
  DEFAULT_EMAIL_MAX_FREQUENCY_MS,
  DEFAULT_JWT_EXPIRY_SECONDS,
  DEFAULT_JWT_SECRET,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_PUBLIC_URL,
  DEFAULT_SESSION_LEASE_MS,
  type MockBackendOptions,
  type ResolvedOptions,
} from './options.ts'
import { createPlatformApp } from './platform/app.ts'
import type { SmsOutbox } from './sms-outbox.ts'

export interface MockBackend {
  /** In-process, fetch-compatible: hand it to the core or supabase-js; no sockets. A dropped response rejects like a network failure. */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>
  /**
   * The raw handler: a dropped response throws DroppedResponseError, for hosts that cut the
   * connection. A host with sockets names the peer, which the development routes check.
   */
  handler(request: Request, connection?: ClientConnection): Promise<Response>
  /** Base URL the backend answers as (links in e-mails, OAuth redirects). */
  readonly url: string
  /** The `apikey` for supabase-js. */
  readonly anonKey: string
  readonly context: BackendContext
  readonly faults: FaultInjector
  readonly mailbox: Mailbox
  readonly sms: SmsOutbox
}

export async function createMockBackend(options: MockBackendOptions = {}): Promise<MockBackend> {
  const resolved = resolveOptions(options)
  const origins = allowedOrigins(resolved.publicUrl, resolved.corsOrigins)
  const context = await createContext(resolved, options.anonKey)
  const faults = new FaultInjector()
  const bodyLimit = new BodyLimit(resolved.maxBodyBytes)
  const app = createApp(context, faults, bodyLimit, resolved.clock, origins)
  const routes = app.routes.map(({ method, path }) => ({ method, path }))

  // A dropped response surfaces from app.fetch as DroppedResponseError (see injectFaults). Not an
  // async function: one returning Hono's promise would wrap it in two more, on every request.
  const handler = (request: Request, connection?: ClientConnection): Promise<Response> => {
    try {
      return Promise.resolve(app.fetch(request, connection))
    } catch (error) {
      return Promise.reject(error)
    }
  }

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    // The caller's signal is honoured here, as a network would: aborted before sending, or while
    // the answer is on its way. It is not handed to the Request: Node ties a signal to each request
    // with a weak reference and a finalizer, and over a simulation's millions of requests that
    // made garbage collection a seventh of the CPU.
    const signal = init?.signal ?? (input instanceof Request ? input.signal : null)
    if (signal?.aborted) throw abortError(signal)
    // A Request handed over as is needs no copy: copying one with a body pipes it through a stream.
    const request =
      input instanceof Request && init === undefined
        ? input
        : new Request(input, init?.signal ? { ...init, signal: null } : init)
    if (init?.body !== undefined) bodyLimit.vouch(request, init.body)
    try {
      return await (signal ? untilAborted(handler(request), signal) : handler(request))
    } catch (error) {
      if (error instanceof DroppedResponseError) throw new TypeError('fetch failed', { cause: error })
      throw error
    }
  }

  const backend: MockBackend = {
    fetch,
    handler,
    url: resolved.publicUrl,
    anonKey: context.anonKey,
    context,
    faults,
    mailbox: context.mailbox,
    sms: context.sms,
  }
  routesByBackend.set(backend, routes)
  return backend
}

const routesByBackend = new WeakMap<MockBackend, readonly BackendRoute[]>()

/** A route of the handler as Hono lists it: `method` is `ALL` for middleware, `path` Hono's pattern. */
export interface BackendRoute {
  method: string
  path: string
}

/** Every route and middleware of a backend's handler (for tests that walk them all). */
export function backendRoutes(backend: MockBackend): readonly BackendRoute[] {
  return routesByBackend.get(backend) ?? []
}

function createApp(
  context: BackendContext,
  faults: FaultInjector,
  bodyLimit: BodyLimit,
  clock: Clock,
  origins: ReadonlySet<string>,
): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()
  app.use('*', requestGate(faults, clock, bodyLimit, browserCors(origins)))
  const devOnly = loopbackOnly(context.options.exposeDevRoutes, (c) =>
    c.req.path.startsWith('/auth/v1')
      ? authErrorResponse(c, new AuthError(403, 'dev_route_loopback_only', DEV_ROUTES_LOOPBACK_ONLY))
      : apiError(c, 403, ErrorCode.forbidden, DEV_ROUTES_LOOPBACK_ONLY),
  )
  for (const path of ['/__dev', '/__dev/*', '/auth/v1/authorize', '/auth/v1/authorize/*']) app.use(path, devOnly)
  app.route('/auth/v1', createAuthApp(context))
  app.route('/__dev', createDevApp(context, faults))
  app.route('/', createPlatformApp(context))

  app.notFound((c) =>
    c.json({ error: 'Not found', message: `No route for ${c.req.method} ${c.req.path}`, code: 'NOT_FOUND' }, 404),
  )
  app.onError((error, c) => {
    if (error instanceof DroppedResponseError) throw error
    if (error instanceof BadRequest) {
      if (c.req.path.startsWith('/auth/v1')) {
        return c.json({ code: 'validation_failed', error_code: 'validation_failed', msg: error.message }, 400)
      }
      return c.json({ error: 'Bad request', message: error.message, code: 'BAD_REQUEST' }, 400)
    }
    if (error instanceof HTTPException) return error.getResponse()
    return c.json({ error: 'Internal server error', message: error.message, code: 'INTERNAL_ERROR' }, 500)
  })
  return app
}

function resolveOptions(options: MockBackendOptions): ResolvedOptions {
  const resolved: ResolvedOptions = {
    deviceLimit: options.deviceLimit ?? DEFAULT_DEVICE_LIMIT,
    canForceLogout: options.canForceLogout ?? true,
    sessionLeaseMs: options.sessionLeaseMs ?? DEFAULT_SESSION_LEASE_MS,
    clock: options.clock ?? systemClock,
    jwtSecret: options.jwtSecret ?? DEFAULT_JWT_SECRET,
    jwtExpirySeconds: options.jwtExpirySeconds ?? DEFAULT_JWT_EXPIRY_SECONDS,
    seedDemoAccounts: options.seedDemoAccounts ?? true,
    users: options.users ?? [],
    legacyAccounts: options.legacyAccounts ?? [],
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    publicUrl: (options.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, ''),
    corsOrigins: options.corsOrigins ?? [],
    exposeDevRoutes: options.exposeDevRoutes ?? false,
    readMedia: options.readMedia ?? readShippedMedia,
    emailMaxFrequencyMs: options.emailMaxFrequencyMs ?? DEFAULT_EMAIL_MAX_FREQUENCY_MS,
    redirectAllowList: options.redirectAllowList ?? [],
  }
  const positiveInteger = (name: string, value: number) => {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`)
  }
  positiveInteger('deviceLimit', resolved.deviceLimit)
  positiveInteger('sessionLeaseMs', resolved.sessionLeaseMs)
  positiveInteger('jwtExpirySeconds', resolved.jwtExpirySeconds)
  positiveInteger('maxBodyBytes', resolved.maxBodyBytes)
  if (!Number.isInteger(resolved.emailMaxFrequencyMs) || resolved.emailMaxFrequencyMs < 0) {
    throw new RangeError(
      `emailMaxFrequencyMs must be a whole number of milliseconds, 0 or more, got ${resolved.emailMaxFrequencyMs}`,
    )
  }
  for (const pattern of resolved.redirectAllowList) {
    if (typeof pattern !== 'string' || pattern.trim() === '')
      throw new RangeError('redirectAllowList holds an empty pattern')
    try {
      compileRedirectGlob(pattern)
    } catch (error) {
      throw new RangeError(`redirectAllowList: ${(error as Error).message}`)
    }
  }
  if (new TextEncoder().encode(resolved.jwtSecret).length < 32)
    throw new RangeError('jwtSecret must be at least 32 bytes')
  try {
    new URL(resolved.publicUrl)
  } catch {
    throw new RangeError(`publicUrl is not a URL: ${resolved.publicUrl}`)
  }
  return resolved
}

/**
 * What every request passes first: CORS, then injected faults (after CORS, so a browser reads an
 * injected status as that status, not as a network error), then the body limit. One middleware,
 * not three, because each layer of Hono's chain costs promises on every request.
 */
function requestGate(
  faults: FaultInjector,
  clock: Clock,
  bodyLimit: BodyLimit,
  browserCors: MiddlewareHandler,
): MiddlewareHandler {
  const faulty = injectFaults(faults, clock)
  // What Hono's chain does with a middleware's answer, for the two that run inside another here.
  const settle = (c: Context, answer: ReturnType<MiddlewareHandler>): Promise<void> =>
    answer.then((response) => {
      if (response && !c.finalized) c.res = response
    })
  const rest: MiddlewareHandler = (c, next) =>
    faults.armed ? faulty(c, () => settle(c, bodyLimit.middleware(c, next))) : bodyLimit.middleware(c, next)
  return (c, next) => (needsCors(c) ? browserCors(c, () => settle(c, rest(c, next))) : rest(c, next))
}

/** The fault rule matching a request, if any: latency waits on the backend's clock, status answers instead, drop loses the answer. */
function injectFaults(faults: FaultInjector, clock: Clock): MiddlewareHandler {
  return async (c, next) => {
    if (!faults.armed || c.req.path.startsWith('/__dev/')) return next()
    const fault = faults.take(c.req.method, c.req.path)
    if (fault?.kind === 'latency' && fault.latencyMs) await sleep(clock, fault.latencyMs)
    if (fault?.kind === 'status') {
      const status = (fault.status ?? 503) as ContentfulStatusCode
      return c.json(
        {
          error: 'Injected fault',
          message: `Injected ${status} for ${c.req.method} ${c.req.path}`,
          code: 'INJECTED_FAULT',
        },
        status,
      )
    }
    await next()
    // The work is done; only the answer is lost, as when a connection drops after the server acted.
    if (fault?.kind === 'drop') throw new DroppedResponseError(c.req.method, c.req.path)
  }
}

/** The answer, or the signal's reason if it aborts first (the work on the server goes on, as it would). */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal))
    signal.addEventListener('abort', onAbort, { once: true })
    answer.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError')
}
