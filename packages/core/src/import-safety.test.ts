import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * Loads the core's entry in a fresh Node process whose browser globals (and timers) report every
 * touch with the module that made it. A fresh process, because this one has the modules cached.
 *
 * Node's own internals are not the core's and are left out (reading `fetch` loads undici, which
 * reads `performance`).
 */
const probe = `
const touched = []
const watched = ['window', 'document', 'localStorage', 'sessionStorage', 'location', 'history', 'self',
  'navigator', 'screen', 'indexedDB', 'XMLHttpRequest', 'requestAnimationFrame', 'requestIdleCallback',
  'addEventListener', 'BroadcastChannel', 'setTimeout', 'setInterval', 'setImmediate', 'performance']
for (const name of watched) {
  const original = Object.getOwnPropertyDescriptor(globalThis, name)
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      const caller = new Error().stack.split('\\n')[2] ?? ''
      if (!caller.includes('node:internal')) touched.push(name + ' ' + caller.trim())
      return original && ('value' in original ? original.value : original.get?.call(globalThis))
    },
    set() { touched.push(name + '=') },
  })
}
const core = await import(process.argv[1])
process.stdout.write(JSON.stringify({ touched, exports: Object.keys(core).length }))
`

describe('importing @coursekit/core', () => {
  it('touches no browser global and starts no timer (Node- and SSR-safe)', () => {
    const entry = fileURLToPath(new URL('./index.ts', import.meta.url))
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', probe, entry], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    })
    const result = JSON.parse(output) as { touched: string[]; exports: number }
    expect(result.exports).toBeGreaterThan(20)
    expect(result.touched).toEqual([])
  })
})
