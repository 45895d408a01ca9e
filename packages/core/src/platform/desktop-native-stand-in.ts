/**
 * For tests (`@coursekit/core/testing`): the desktop wrapper's native side as the command contract
 * describes it (desktop-proxy.ts), in process: `proxy` answered from a backend's fetch (binary
 * bodies base64), the token commands' values kept by key. Its failures are switched on one by one.
 */
import type { FetchLike } from '../kernel/ports.ts'
import type { Invoke, ProxyReply, ProxyRequest } from './desktop-proxy.ts'

/** The store's name for the value kept without a key (the access token). */
export const NO_KEY = ''

export interface NativeCommand {
  command: string
  args: Record<string, unknown> | undefined
}

export interface StandInNative {
  invoke: Invoke
  /** What the native store keeps, by key (NO_KEY: the access token). */
  readonly store: Map<string, string>
  readonly commands: NativeCommand[]
  /** Every request `proxy` made. */
  readonly proxied: ProxyRequest[]
  readonly fail: {
    /** `reject`: the server cannot be reached; `garbage`: the reply is no ProxyReply. */
    proxy: 'reject' | 'garbage' | null
    /** The keys whose save_auth_token rejects (NO_KEY for the token). */
    save: Set<string>
    /** get_auth_token rejects for every key. */
    get: boolean
  }
}

export function standInNative(backend: FetchLike): StandInNative {
  const store = new Map<string, string>()
  const commands: NativeCommand[] = []
  const proxied: ProxyRequest[] = []
  const fail: StandInNative['fail'] = { proxy: null, save: new Set(), get: false }
  const invoke: Invoke = async (command, args) => {
    commands.push({ command, args })
    const key = typeof args?.key === 'string' ? args.key : NO_KEY
    switch (command) {
      case 'get_auth_token':
        if (fail.get) throw new Error('keychain unavailable')
        return store.get(key) ?? null
      case 'save_auth_token':
        if (fail.save.has(key)) throw new Error('keychain locked')
        store.set(key, String(args?.token))
        return null
      case 'clear_auth_token':
        store.delete(key)
        return null
      case 'proxy': {
        const request = args as unknown as ProxyRequest
        proxied.push(request)
        if (fail.proxy === 'reject') throw new Error('could not connect to the server')
        if (fail.proxy === 'garbage') return { ok: true, data: '<html>' }
        return await reply(await backend(request.url, request))
      }
      default:
        throw new Error(`unknown command ${command}`)
    }
  }
  return { invoke, store, commands, proxied, fail }
}

/** As a native side answers: text as text, anything else base64. */
async function reply(response: Response): Promise<ProxyReply> {
  const type = response.headers.get('content-type') ?? ''
  const text = type === '' || /^text\/|json|javascript/.test(type)
  const bytes = new Uint8Array(await response.arrayBuffer())
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body: text ? new TextDecoder().decode(bytes) : Buffer.from(bytes).toString('base64'),
    bodyEncoding: text ? 'text' : 'base64',
  }
}
