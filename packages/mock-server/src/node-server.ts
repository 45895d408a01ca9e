import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { createMockBackend, type MockBackend } from './backend.ts'
import { DroppedResponseError } from './faults.ts'
import type { MockBackendOptions } from './options.ts'

export interface MockServerOptions extends Omit<MockBackendOptions, 'publicUrl'> {
  /** 0 picks a free port. Default 54321. */
  port?: number
  /** Default 127.0.0.1: the backend is for this machine only. */
  host?: string
}

export interface MockServer {
  /** e.g. http://127.0.0.1:54321 */
  readonly url: string
  readonly port: number
  readonly backend: MockBackend
  close(): Promise<void>
}

interface NodeBindings {
  incoming: { socket: { destroy(): void; remoteAddress?: string } }
}

/**
 * The backend as a Node fetch callback (`@hono/node-server` turns Node requests into `Request`s and
 * back): waits for the backend, and a dropped-response fault cuts the connection as a network would.
 */
export function nodeFetchCallback(backend: () => MockBackend | Promise<MockBackend> | undefined) {
  return async (request: Request, bindings: NodeBindings): Promise<Response> => {
    const ready = await backend()
    if (!ready) return new Response('starting', { status: 503 })
    try {
      // A peer the socket cannot name any more is not trusted as this machine.
      return await ready.handler(request, { remoteAddress: bindings.incoming.socket.remoteAddress ?? '' })
    } catch (error) {
      if (error instanceof DroppedResponseError) {
        bindings.incoming.socket.destroy()
        return new Response(null, { status: 599 })
      }
      throw error
    }
  }
}

/** Hosts the backend over HTTP on loopback. A dropped-response fault cuts the connection. */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { port = 54321, host = '127.0.0.1', ...backendOptions } = options
  let backend: MockBackend | undefined
  const served = await listen(() => backend, port, host)
  backend = await createMockBackend({ ...backendOptions, publicUrl: served.url })
  return { ...served, backend }
}

/**
 * Hosts a backend that already exists (one a Vite server serves on the app's origin, say) on an
 * origin of its own too, on loopback: the same users, devices and tokens on both. Requests wait for
 * `backend` when it is still being made.
 */
export function serveMockBackend(
  backend: MockBackend | Promise<MockBackend>,
  options: { port?: number; host?: string } = {},
): Promise<Omit<MockServer, 'backend'>> {
  return listen(() => backend, options.port ?? 0, options.host ?? '127.0.0.1')
}

async function listen(
  backend: () => MockBackend | Promise<MockBackend> | undefined,
  port: number,
  host: string,
): Promise<Omit<MockServer, 'backend'>> {
  const server = createAdaptorServer({ fetch: nodeFetchCallback(backend) })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        const closable = server as unknown as { closeAllConnections?: () => void }
        closable.closeAllConnections?.()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
