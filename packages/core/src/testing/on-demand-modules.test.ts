import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const testing = dirname(fileURLToPath(import.meta.url))
const core = resolve(testing, '..')

/** The core's shipped source files: tests and this folder are not loaded by an app. */
function shippedFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return path === testing ? [] : shippedFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-harness/.test(entry.name) ? [path] : []
  })
}

/** What a file loads with `import()`: a relative module as its absolute path, a package by its name. */
function dynamicImports(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  return [...source.matchAll(/(?<!typeof )\bimport\(\s*'([^']+)'\s*\)/g)].map(([, name]) =>
    name!.startsWith('.') ? resolve(dirname(file), name!) : name!,
  )
}

describe('loadOnDemandModules', () => {
  it("loads every module the core's shipped code loads with import()", () => {
    const loadedOnDemand = new Set(shippedFiles(core).flatMap(dynamicImports))
    const preloaded = new Set(dynamicImports(join(testing, 'on-demand-modules.ts')))
    // The device engine is loaded through its own loader, which the list calls.
    preloaded.add(join(core, 'devices/device-session-engine.ts'))
    expect(loadedOnDemand.size).toBeGreaterThan(5)
    expect([...loadedOnDemand].filter((module) => !preloaded.has(module))).toEqual([])
  })

  it('loads them', async () => {
    const { loadOnDemandModules } = await import('./on-demand-modules.ts')
    await expect(loadOnDemandModules()).resolves.toBeUndefined()
  })
})
