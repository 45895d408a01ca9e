/**
 * The desktop wrapper: every request goes through the native `proxy` command, and the token and
 * the auth session (its refresh token) live in native storage (`get_auth_token`, `save_auth_token`,
 * `clear_auth_token`, each with an optional `key`: none for the token, `auth_session` for the
 * session). Here `invoke` is played by a small in-process stand-in for the native side; in the
 * wrapper it is Tauri's (or any bridge's) `invoke`.
 *
 *   npm run example:desktop
 */
import { createCourseClient, desktopPlatform, type Invoke, memoryPlatform, type ProxyRequest } from '@coursekit/core'
import { createMockBackend, DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'

const backend = await createMockBackend()

// The native side: what the wrapper's Rust (or Swift, or C#) code does for each command. Values by
// key ('' for the token without a key), kept outside the webview (a keychain, a 0600 file).
const nativeStore = new Map<string, string>()
const commands: string[] = []
const invoke: Invoke = async (command, args = {}) => {
  commands.push(command)
  switch (command) {
    case 'proxy': {
      const { url, method, headers, body } = args as unknown as ProxyRequest
      const response = await backend.fetch(url, { method, headers, body })
      return {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        body: await response.text(),
      }
    }
    case 'get_auth_token':
      return nativeStore.get(String(args.key ?? '')) ?? null
    case 'save_auth_token':
      nativeStore.set(String(args.key ?? ''), String(args.token))
      return null
    case 'clear_auth_token':
      nativeStore.delete(String(args.key ?? ''))
      return null
    default:
      throw new Error(`unknown command ${command}`)
  }
}

const client = createCourseClient({
  apiBaseUrl: backend.url,
  supabaseUrl: backend.url,
  supabaseAnonKey: backend.anonKey,
  // In the wrapper, leave `base` out: the webview's browser platform is the default.
  platform: desktopPlatform({ invoke, base: memoryPlatform({ url: 'tauri://localhost/' }) }),
  analytics: false,
  devices: false,
})
client.start()

const result = await client.auth!.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
console.log(`sign-in: ${result.status}`)
console.log(`token and session kept natively: ${nativeStore.has('') && nativeStore.has('auth_session')}`)
const me = await client.api.currentUser()
console.log(`GET /api/users/{id} through the proxy: ${me.status} ${me.ok ? me.data.email : me.error}`)
await client.auth!.logout()
console.log(`token and session cleared natively: ${nativeStore.size === 0}`)
console.log(`native commands used: ${[...new Set(commands)].sort().join(', ')}`)
client.dispose()
