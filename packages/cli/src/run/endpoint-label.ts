import { endpoints } from '@coursekit/core/contract'

/**
 * Names a request by the contract endpoint it hits ("POST /api/v2/session-tracker/heartbeat",
 * "DELETE /api/v2/session-tracker/sessions/{id}"), so a summary groups thousands of devices' ids
 * under one row. Auth calls are named by path and grant ("POST /auth/v1/token?grant_type=refresh_token").
 */
export interface EndpointLabeler {
  label(method: string, url: string): string
}

interface Template {
  method: string
  pattern: RegExp
  label: string
}

/** Paths seen: bounded, since ids in paths are unbounded in number. */
const CACHE_LIMIT = 4096

export function createEndpointLabeler(): EndpointLabeler {
  const templates: Template[] = Object.values(endpoints).map((endpoint) => ({
    method: endpoint.method,
    pattern: new RegExp(`^${endpoint.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
    label: `${endpoint.method} ${endpoint.path}`,
  }))
  const cache = new Map<string, string>()

  function compute(method: string, path: string, search: string): string {
    for (const template of templates) {
      if (template.method === method && template.pattern.test(path)) return template.label
    }
    if (path.startsWith('/auth/v1/token')) {
      const grant = /(?:^|[?&])grant_type=([^&]+)/.exec(search)?.[1]
      return grant ? `${method} /auth/v1/token?grant_type=${grant}` : `${method} /auth/v1/token`
    }
    if (path.startsWith('/auth/v1/')) return `${method} ${path}`
    // Anything else: ids (digits, uuids, long hex) folded, so unknown routes cannot flood the table.
    return `${method} ${path.replace(/\/(?:\d+|[0-9a-f-]{16,}|[^/]*_[0-9a-f]{16,})(?=\/|$)/gi, '/{id}')}`
  }

  return {
    label(method, url) {
      const { path, search } = splitUrl(url)
      const key = `${method} ${path}${path.startsWith('/auth/v1/token') ? search : ''}`
      const known = cache.get(key)
      if (known !== undefined) return known
      const label = compute(method, path, search)
      if (cache.size >= CACHE_LIMIT) cache.clear()
      cache.set(key, label)
      return label
    },
  }
}

/** Path and query of an absolute URL, without the cost of `new URL` on every request. */
export function splitUrl(url: string): { path: string; search: string } {
  const schemeEnd = url.indexOf('://')
  const pathStart = schemeEnd === -1 ? 0 : url.indexOf('/', schemeEnd + 3)
  if (pathStart === -1) return { path: '/', search: '' }
  const hash = url.indexOf('#', pathStart)
  const end = hash === -1 ? url.length : hash
  const query = url.indexOf('?', pathStart)
  if (query === -1 || query > end) return { path: url.slice(pathStart, end), search: '' }
  return { path: url.slice(pathStart, query), search: url.slice(query, end) }
}

/** `heartbeat` (a contract endpoint's name), a label ("POST /api/v2/…"), a path, or everything. */
export function endpointMatcher(endpoint: string | undefined): (label: string) => boolean {
  if (endpoint === undefined) return () => true
  const named = (endpoints as Record<string, { method: string; path: string }>)[endpoint]
  if (named) {
    const label = `${named.method} ${named.path}`
    return (candidate) => candidate === label
  }
  if (endpoint.includes(' ')) return (candidate) => candidate === endpoint
  return (candidate) => candidate.slice(candidate.indexOf(' ') + 1) === endpoint
}
