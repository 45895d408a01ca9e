// The native commands the page's `invoke` reaches, by name. Their contract is the core's
// packages/core/src/platform/desktop-proxy.ts (`proxy`) and desktop-platform.ts (the token commands).
//
// What must stay true:
// - `proxy` answers a `ProxyReply`; the token commands take an optional `key` (absent: the auth
//   token) so the Supabase session lives in the same native store; `get_auth_token` answers the
//   value or null.
// - An unknown command, or arguments of the wrong shape, throws a message naming the command.
// - The command log (when asked for) has the command, method and URL without its query: never a
//   token, header or body.

/** The key of the auth token when a token command names none. */
export const AUTH_TOKEN_KEY = 'auth_token'

/**
 * @param {{ proxy: import('./proxy.js').HttpProxy, tokens: import('./token-file.js').TokenFile,
 *           log?: (entry: object) => void }} natives
 * @returns {(command: string, args: object) => Promise<unknown>}
 */
export function createCommands({ proxy, tokens, log = () => {} }) {
  const handlers = {
    proxy: (args) => {
      log({ command: 'proxy', method: String(args.method), url: withoutQuery(args.url) })
      return proxy.send(args)
    },
    get_auth_token: (args) => {
      log({ command: 'get_auth_token', key: keyOf(args) })
      return tokens.get(keyOf(args))
    },
    save_auth_token: (args) => {
      log({ command: 'save_auth_token', key: keyOf(args) })
      if (typeof args.token !== 'string') throw new Error('save_auth_token: token must be a string')
      tokens.set(keyOf(args), args.token)
      return null
    },
    clear_auth_token: (args) => {
      log({ command: 'clear_auth_token', key: keyOf(args) })
      tokens.clear(keyOf(args))
      return null
    },
  }
  return async (command, args) => {
    if (!Object.hasOwn(handlers, command)) throw new Error(`unknown command: ${command}`)
    if (args === null || typeof args !== 'object' || Array.isArray(args)) {
      throw new Error(`${command}: the arguments must be an object`)
    }
    try {
      return (await handlers[command](args)) ?? null
    } catch (error) {
      throw new Error(`${command}: ${error.message}`)
    }
  }
}

function keyOf(args) {
  return args.key === undefined || args.key === null ? AUTH_TOKEN_KEY : args.key
}

function withoutQuery(url) {
  return typeof url === 'string' ? url.replace(/[?#].*$/, '') : String(url)
}
