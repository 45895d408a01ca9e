import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'

/** The goal of issue 15 for an app's first chunk of the core, gzip -9. */
export const FIRST_CHUNK_GOAL_BYTES = 20_000

/** What an app imports: the client and the browser platform, auth-js left to load on first use. */
export const APP_ENTRY =
  "import { createCourseClient, browserPlatform } from '@coursekit/core'\nexport const client = createCourseClient({ apiBaseUrl: 'https://api.example.com', platform: browserPlatform() })"

/** All of the core an app can ship: the root entry, the account pages' flows and the display helpers. */
export const ALL_OF_CORE = ['', '/flows', '/display']
  .map((entry) => `export * from '@coursekit/core${entry}'`)
  .join('\n')

export interface ChunkFigures {
  /** The source module a lazy chunk is the dynamic import of; null for a chunk only shared. */
  module: string | null
  minified: number
  gzip: number
}

export interface SplitFigures {
  /** The entry and every chunk it imports statically: what loads before the app's code runs. */
  first: { minified: number; gzip: number; files: number; parts: [string, number][] }
  /** Every other chunk, loaded by a dynamic import when its command first runs. */
  lazy: ChunkFigures[]
}

const benchDir = fileURLToPath(new URL('.', import.meta.url))
const ENTRY_NAME = 'app-entry.ts'
const coreSource = /packages\/core\/src\/(.+)$/

/**
 * The core as an app's bundler ships it: esbuild with code splitting (ESM, minified, ES2023,
 * browser), each dynamic `import()` its own chunk, then gzip -9 per file, as a server sends them.
 */
export async function splitAppBundle(contents = APP_ENTRY): Promise<SplitFigures> {
  const result = await build({
    stdin: { contents, resolveDir: benchDir, loader: 'ts', sourcefile: ENTRY_NAME },
    absWorkingDir: benchDir,
    bundle: true,
    splitting: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2023',
    conditions: ['@coursekit/source'],
    external: ['@supabase/auth-js'],
    outdir: `${benchDir}.chunks`,
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const outputs = result.metafile.outputs
  const bytes = new Map(result.outputFiles.map((file) => [file.path, file.contents]))
  const contentsOf = (name: string) => bytes.get(resolve(benchDir, name))!
  const sizes = (name: string) => {
    const code = contentsOf(name)
    return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength }
  }

  const entry = Object.keys(outputs).find((name) => outputs[name]!.entryPoint === ENTRY_NAME)!
  const first = new Set<string>()
  const visit = (name: string) => {
    if (first.has(name)) return
    first.add(name)
    for (const imported of outputs[name]!.imports) {
      if (imported.kind === 'import-statement' && outputs[imported.path]) visit(imported.path)
    }
  }
  visit(entry)

  let minified = 0
  let gzip = 0
  for (const name of first) {
    const figures = sizes(name)
    minified += figures.minified
    gzip += figures.gzip
  }
  const lazy = Object.keys(outputs)
    .filter((name) => !first.has(name) && name.endsWith('.js'))
    .map((name) => {
      const module = outputs[name]!.entryPoint
      return { module: module ? (coreSource.exec(module)?.[1] ?? module) : null, ...sizes(name) }
    })
    .sort((a, b) => b.gzip - a.gzip)
  return {
    first: { minified, gzip, files: first.size, parts: partsOf(result.metafile, first) },
    lazy,
  }
}

/** Minified bytes of the first chunk by package, or by the core's folder, largest first. */
function partsOf(metafile: Metafile, names: Set<string>): [string, number][] {
  const byPart = new Map<string, number>()
  for (const name of names) {
    for (const [path, input] of Object.entries(metafile.outputs[name]!.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1]
      const folder = coreSource.exec(path)?.[1]?.split('/').slice(0, -1).join('/')
      const part = pkg ?? (folder === undefined ? 'the app' : `core ${folder || 'client.ts'}`)
      byPart.set(part, (byPart.get(part) ?? 0) + input.bytesInOutput)
    }
  }
  return [...byPart].filter(([, size]) => size > 0).sort((a, b) => b[1] - a[1])
}
