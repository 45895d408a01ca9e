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
