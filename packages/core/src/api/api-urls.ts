import { parseApiBase, type QueryValue, type RequestTarget, targetResolver } from './request-target.ts'

/**
 * The platform API's absolute URLs, from one parse of the client's `apiBaseUrl`: the API client's
 * requests, and the beacons devices and analytics send around it (a page going away cannot wait for
 * the API client). Every API URL the core builds comes from here, so a base with a path prefix or a
 * trailing slash means the same thing to all of them.
 */
export interface ApiUrls {
  /** Where a request to `path` goes and whether it carries the token (see resolveTarget). */
  target(path: string, query?: Record<string, QueryValue>): RequestTarget
  /** The absolute URL of an API path, e.g. a beacon's. */
  url(path: string): string
}

/** Throws a TypeError when `apiBaseUrl` is not an absolute URL. */
export function createApiUrls(apiBaseUrl: string): ApiUrls {
  const target = targetResolver(parseApiBase(apiBaseUrl))
  return { target, url: (path) => target(path).url }
}
