// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

/**
 * Node cannot load .tsx source, so the package's own code is bundled first (every dependency left
 * as an import) and loaded in a fresh Node process whose browser globals and timers report each
 * touch made from that bundle, as the core's import-safety test does for the core.
 */
const probe = `
const bundle = process.argv[1]
const touched = []
const watched = ['window', 'document', 'localStorage', 'sessionStorage', 'location', 'history', 'self',
  'navigator', 'screen', 'indexedDB', 'XMLHttpRequest', 'requestAnimationFrame', 'requestIdleCallback',
  'addEventListener', 'BroadcastChannel', 'setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask',
  'HTMLElement', 'HTMLInputElement', 'Node', 'Intl']
for (const name of watched) {
  const original = Object.getOwnPropertyDescriptor(globalThis, name)
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      const caller = new Error().stack.split('\\n')[2] ?? ''
      if (caller.includes(bundle)) touched.push(name + ' ' + caller.trim())
      return original && ('value' in original ? original.value : original.get?.call(globalThis))
    },
    set() { touched.push(name + '=') },
  })
}
const bindings = await import(bundle)
process.stdout.write(JSON.stringify({ touched, exports: Object.keys(bindings).length }))
`

describe('importing @coursekit/react', () => {
  it('touches no browser global and starts no timer (SSR-safe)', async () => {
    // Under the workspace's node_modules, so the bundle's imports resolve as the package's would.
    const cache = fileURLToPath(new URL('../../../node_modules/.cache/', import.meta.url))
    mkdirSync(cache, { recursive: true })
    const dir = mkdtempSync(join(cache, 'coursekit-react-import-probe-'))
    try {
      const bundle = join(dir, 'bindings.mjs')
      const result = await build({
        entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
        bundle: true,
        packages: 'external',
        format: 'esm',
        platform: 'node',
        jsx: 'automatic',
        write: false,
        logLevel: 'silent',
      })
      writeFileSync(bundle, result.outputFiles[0]!.contents)
      const output = execFileSync(
        process.execPath,
        ['--conditions=@coursekit/source', '--input-type=module', '-e', probe, bundle],
        { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' }, cwd: dir },
      )
      const loaded = JSON.parse(output) as { touched: string[]; exports: number }
      expect(loaded.exports).toBeGreaterThan(20)
      expect(loaded.touched).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
