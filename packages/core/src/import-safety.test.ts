import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * Loads each of the core's entries in a fresh Node process whose browser globals (and timers) report every
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

/** Every entry of the package, as the `@coursekit/source` condition maps it (package.json's `exports`). */
const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, string | Record<string, string>>
}
const entries = Object.entries(packageJson.exports).flatMap(([subpath, target]) =>
  typeof target === 'object' && target['@coursekit/source']
    ? [[`@coursekit/core${subpath.slice(1)}`, target['@coursekit/source']] as const]
    : [],
)

describe('importing @coursekit/core', () => {
  it('has its root, flows, display, clock, contract and testing entries', () => {
    expect(entries.map(([name]) => name).sort()).toEqual(
      ['', '/clock', '/contract', '/display', '/flows', '/testing'].map((subpath) => `@coursekit/core${subpath}`),
    )
  })

  it.each(entries)('%s touches no browser global and starts no timer (Node- and SSR-safe)', (name, source) => {
    const entry = fileURLToPath(new URL(`../${source}`, import.meta.url))
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', probe, entry], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    })
    const result = JSON.parse(output) as { touched: string[]; exports: number }
    // The root holds the client and everything it is made of; every other entry at least something.
    expect(result.exports).toBeGreaterThan(name === '@coursekit/core' ? 20 : 0)
    expect(result.touched).toEqual([])
  })
})
