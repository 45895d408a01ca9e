import type { MiddlewareHandler } from 'hono'
import type { BackendEnv } from './http.ts'

/** A socket's peer address on this machine: 127.0.0.0/8, ::1, or 127.x written as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)
}

/** A host to bind or to type that stays on this machine: localhost, 127.x, ::1. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
  return bare === 'localhost' || isLoopbackAddress(bare)
}

export const DEV_ROUTES_LOOPBACK_ONLY =
  'The mock backend’s development routes (/__dev: the dev mailbox, SMS outbox, faults and state; the OAuth consent stand-in at /auth/v1/authorize, which signs anyone in as any address) answer this machine only. Open them on this machine, or start the backend with --expose-dev-routes (exposeDevRoutes: true) on a network you trust.'

/**
 * The development routes answer loopback clients only, unless `exposeDevRoutes`: a server bound to
 * the network (`--host 0.0.0.0`, `vite --host`) must not hand its mailbox, or a sign-in as anyone,
 * to the LAN. A request with no peer address (in-process, msw) comes from this process itself.
 * `refuse` answers in the shape of the routes it guards.
 */
export function loopbackOnly(
  expose: boolean,
  refuse: (c: Parameters<MiddlewareHandler<BackendEnv>>[0]) => Response,
): MiddlewareHandler<BackendEnv> {
  return (c, next) => {
    const peer = c.env?.remoteAddress
    if (expose || peer === undefined || isLoopbackAddress(peer)) return next()
    return Promise.resolve(refuse(c))
  }
}
