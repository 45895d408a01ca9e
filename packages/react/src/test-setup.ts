/**
 * Vitest's jsdom environment puts jsdom's own realm's typed arrays on the global object, while
 * Node's TextEncoder and WebCrypto keep making Node-realm ones. The mock server signs real JWTs with
 * jose, which checks keys with `instanceof Uint8Array` and so refuses Node's own bytes. Putting
 * the Node-realm constructors back makes both sides agree; the DOM under test uses none of them.
 */
const nodeUint8Array = Object.getPrototypeOf(new TextEncoder().encode('')).constructor as Uint8ArrayConstructor
if (globalThis.Uint8Array !== nodeUint8Array) {
  globalThis.Uint8Array = nodeUint8Array
  globalThis.ArrayBuffer = Object.getPrototypeOf(new nodeUint8Array(0).buffer).constructor as ArrayBufferConstructor
}

/**
 * supabase-js warns about several GoTrueClient instances sharing one storage key whenever it sees
 * a `window`. Here every test client has its own memory storage, so the warning says nothing.
 */
const warn = console.warn.bind(console)
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('Multiple GoTrueClient instances')) return
  warn(...args)
}

// Without vitest globals, @testing-library/react cannot register its own cleanup: unmount what
// each test rendered (the server-rendering file runs in node, with no DOM to clean).
if (typeof document !== 'undefined') {
  const { afterEach } = await import('vitest')
  const { cleanup } = await import('@testing-library/react')
  afterEach(cleanup)
}
