import { isPublicApiPath } from '../contract/public-paths.ts'

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[]

export interface RequestTarget {
  /** The absolute URL the request goes to, query included. */
  url: string
  /** The path below the API base (the base URL's own path prefix removed), or null for another origin. */
  apiPath: string | null
  /** Whether the bearer token goes along: only to the API itself, and never to a public path. */
  sendsBearer: boolean
}

export interface ApiBase {
  origin: string
  /** The base URL's path without a trailing slash: '' for `https://api.example.com`. */
  pathPrefix: string
}

export function parseApiBase(apiBaseUrl: string): ApiBase {
  let url: URL
  try {
    url = new URL(apiBaseUrl)
  } catch {
    throw new TypeError(`apiBaseUrl must be an absolute URL, got ${JSON.stringify(apiBaseUrl)}`)
  }
  return { origin: url.origin, pathPrefix: url.pathname.replace(/\/+$/, '') }
}

const ABSOLUTE_URL = /^([a-z][a-z\d+.-]*:|\/\/)/i

/**
 * Where a request goes and whether it carries the token. Relative paths are resolved under the
 * base; dot segments are resolved before the public-path check, so `/api/v2/courses/../users/1`
 * is judged as `/api/v2/users/1`. An absolute URL to any other origin (or outside the base path)
 * never gets the token.
 */
export function resolveTarget(base: ApiBase, path: string, query?: Record<string, QueryValue>): RequestTarget {
  const url = ABSOLUTE_URL.test(path)
    ? new URL(path, base.origin)
    : new URL(`${base.pathPrefix}/${path.replace(/^\/+/, '')}`, base.origin)
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, String(item))
    else url.searchParams.append(name, String(value))
  }
  const insideApi =
    url.origin === base.origin &&
    (base.pathPrefix === '' || url.pathname === base.pathPrefix || url.pathname.startsWith(`${base.pathPrefix}/`))
  const apiPath = insideApi ? url.pathname.slice(base.pathPrefix.length) || '/' : null
  return { url: url.href, apiPath, sendsBearer: apiPath !== null && !isPublicApiPath(apiPath) }
}

/**
 * `resolveTarget` for one client, remembering the targets of paths without a query: a client asks
 * for the same few paths all day (heartbeats), and each resolution is a URL parse. A target depends
 * on nothing but the base and the path, so a remembered one is the answer a new parse would give.
 * Paths with ids in them come and go, so only the `limit` most recently added are kept.
 */
export function targetResolver(
  base: ApiBase,
  limit = 32,
): (path: string, query?: Record<string, QueryValue>) => RequestTarget {
  const known = new Map<string, Readonly<RequestTarget>>()
  return (path, query) => {
    if (query !== undefined) return resolveTarget(base, path, query)
    let target = known.get(path)
    if (target === undefined) {
      target = Object.freeze(resolveTarget(base, path))
      if (known.size >= limit) known.delete(known.keys().next().value as string)
      known.set(path, target)
    }
    return target
  }
}
