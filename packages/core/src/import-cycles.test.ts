import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = dirname(fileURLToPath(import.meta.url))

/** The core's source files (tests and their helpers included: a circle there is as hard to read). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/**
 * Every relative import of a file, type-only and dynamic ones too: a circle of types is still a
 * circle a reader has to go round, and a dynamic import is still a dependency. TypeScript's own
 * scanner finds them, so comments and strings that look like imports are not counted.
 */
function importsOf(file: string, source: string): string[] {
  const { importedFiles } = ts.preProcessFile(source, true, true)
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name))
}

/** The import circles among the files (path to source), each as the files around it, by a depth-first walk. */
function importCycles(sources: ReadonlyMap<string, string>): string[][] {
  const graph = new Map([...sources].map(([file, source]) => [file, importsOf(file, source)]))
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    path.push(file)
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue
      if (state.get(target) === 'open') cycles.push([...path.slice(path.indexOf(target)), target])
      else if (!state.has(target)) visit(target)
    }
    path.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) if (!state.has(file)) visit(file)
  return cycles.map((cycle) => cycle.map((file) => relative(root, file)))
}

describe('packages/core/src', () => {
  it('has no import circles: each module can be read knowing only what it imports', () => {
    const files = sourceFiles(root)
    expect(importCycles(new Map(files.map((file) => [file, readFileSync(file, 'utf8')])))).toEqual([])
  })

  it('the walk finds a circle made of a type-only and a dynamic import, and not one in a comment', () => {
    const at = (name: string) => join(root, 'example', name)
    const circle = new Map([
      [at('a.ts'), "import type { B } from './b.ts'\nexport type A = B"],
      [at('b.ts'), "export const load = () => import('./c.ts')\nexport type B = string"],
      [at('c.ts'), "// import type { A } from './a.ts'\nexport const c = 1"],
    ])
    expect(importCycles(circle)).toEqual([])
    circle.set(at('c.ts'), "import type { A } from './a.ts'\nexport const c = 1")
    expect(importCycles(circle)).toEqual([['example/a.ts', 'example/b.ts', 'example/c.ts', 'example/a.ts']])
  })
})
