import { gzipSync } from 'node:zlib'
import { build, type Rollup } from 'vite'
import { webAppConfig } from '../apps/web/vite.config.ts'
import { type BenchSection, fmt } from './report.ts'

/** The goal for what `/` loads before first paint (issue 28), gzipped, in kB of 1000 bytes as Vite prints. */
export const INITIAL_JS_GOAL_BYTES = 125_000

export interface WebBundle {
  /** Every JS chunk and CSS file by file name, with its gzipped size. */
  files: Map<string, { gzip: number; code: Uint8Array | string }>
  /** The chunks the HTML and its entry load before first paint (entry, static imports, modulepreloads). */
  initial: string[]
  /** Each lazy chunk (routes and what they alone use) by its first module. */
  lazy: { file: string; facade: string; module: string; imports: string[]; dynamicEntry: boolean }[]
  css: string[]
  /** Bytes rendered (before minification) per package (or `app`/`core`/`react` for workspace source) in the initial chunks. */
  initialShares: [string, number][]
  /** The core's part of the initial chunks by folder of packages/core/src, bytes rendered, largest first. */
  initialCore: [string, number][]
}

/**
 * When each of the core's lazy chunks loads, by the module it is the dynamic import of: what a
 * signed-out visitor's first paint does not run. A lazy chunk of the core missing here fails the
 * bench, so a new one is placed on purpose.
 */
export const CORE_LAZY_CHUNKS: Readonly<Record<string, string>> = {
  'analytics/analytics-service.ts': 'when the client starts, after the first render (the visit)',
  'contract/endpoints.ts':
    "with the first call that checks a body or a response its route cannot check alone (the visit's track-visit)",
  'auth/supabase/supabase-client.ts': 'with auth-js: a stored session, a sign-in page, an auth command',
  'auth/auth-commands.ts': 'on a sign-in page (auth.preload) or with its first command',
  'auth/flows/auth-complete-sign-in.ts': "with a sign-in's last step",
  'auth/flows/oauth-callback.ts': 'on /auth/callback',
  'auth/flows/refresh-holding-lock.ts': 'with the first token refresh (10 minutes before the token expires)',
  'devices/device-session-engine.ts': 'once someone is signed in',
  'api/content-disposition.ts': 'with the first download',
  'queries/query-cache.ts':
    "with the first content read (a page's banners, courses, notices, …) or when the client starts",
}

const gzip = (code: Uint8Array | string) => gzipSync(code, { level: 9 }).byteLength

/** Builds apps/web for production in memory (nothing written) and sorts its output by when it loads. */
export async function buildWeb(): Promise<WebBundle> {
  const config = webAppConfig()
  const result = (await build({
    ...config,
    mode: 'production',
    logLevel: 'silent',
    build: { ...config.build, write: false },
  })) as Rollup.RolldownOutput | Rollup.RolldownOutput[]
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((out) => out.output)
  const chunks = new Map<string, Rollup.OutputChunk>()
  const files = new Map<string, { gzip: number; code: Uint8Array | string }>()
  for (const out of outputs) {
    const code = out.type === 'chunk' ? out.code : out.source
    if (out.type === 'chunk') chunks.set(out.fileName, out)
    if (out.fileName.endsWith('.js') || out.fileName.endsWith('.css'))
      files.set(out.fileName, { gzip: gzip(code), code })
  }
  // What loads before first paint: each entry and, transitively, its static imports (which Vite
  // also lists as modulepreloads in the HTML).
  const initial = new Set<string>()
  const visit = (file: string) => {
    if (initial.has(file)) return
    initial.add(file)
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported)
  }
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName)
  const lazy = [...chunks.values()]
    .filter((chunk) => !initial.has(chunk.fileName))
    .map((chunk) => {
      const module = chunk.facadeModuleId ?? chunk.moduleIds[0] ?? chunk.name
      return {
        file: chunk.fileName,
        facade: owner(module),
        module,
        imports: chunk.imports,
        dynamicEntry: chunk.isDynamicEntry && chunk.facadeModuleId !== null,
      }
    })
  const byOwner = new Map<string, number>()
  const byCoreFolder = new Map<string, number>()
  for (const file of initial) {
    for (const [id, module] of Object.entries(chunks.get(file)?.modules ?? {})) {
      byOwner.set(owner(id), (byOwner.get(owner(id)) ?? 0) + module.renderedLength)
      const folder = coreFolder(id)
      if (folder !== null && module.renderedLength > 0)
        byCoreFolder.set(folder, (byCoreFolder.get(folder) ?? 0) + module.renderedLength)
    }
  }
  return {
    files,
    initial: [...initial],
    lazy,
    css: [...files.keys()].filter((file) => file.endsWith('.css')),
    initialShares: [...byOwner].sort((a, b) => b[1] - a[1]),
    initialCore: [...byCoreFolder].sort((a, b) => b[1] - a[1]),
  }
}

/** A core module's folder under packages/core/src (`client.ts` for the top level), or null for any other. */
function coreFolder(id: string): string | null {
  const path = /\/packages\/core\/src\/(.+)$/.exec(id)?.[1]
  if (path === undefined) return null
  const folder = path.split('/').slice(0, -1).join('/')
  return folder === '' ? path : folder
}

/** A module under packages/core/src by its path there, or null for any other. */
function coreModule(id: string): string | null {
  return /\/packages\/core\/src\/(.+)$/.exec(id)?.[1] ?? null
}

/** A module's owner: its npm package, or the workspace folder its source is in. */
function owner(id: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(id)?.[1]
  if (pkg) return pkg
  const workspace = /\/(apps\/web\/src\/pages\/[^/]+|apps\/web|packages\/[^/]+)\//.exec(id)?.[1]
  return workspace ?? id.replace(/^\0/, '')
}

/**
 * The routes whose own chunk is reported by name, one line each: the route and its page module
 * under apps/web/src/pages (the module its lazy route imports).
 */
export const ROUTE_CHUNKS: readonly { route: string; page: string }[] = [
  { route: '/', page: 'home/home-page.tsx' },
  { route: '/sign/in', page: 'sign/sign-in-page.tsx' },
  { route: '/courses', page: 'courses/catalogue-page.tsx' },
  { route: '/courses/:courseId', page: 'courses/course-page.tsx' },
]

/** A route's own chunk, and with it the lazy chunks it imports statically (what opening it fetches after the first load). */
export function routeChunk(bundle: WebBundle, page: string): { file: string; own: number; withImports: number } | null {
  const chunk = bundle.lazy.find((lazy) => lazy.module.endsWith(`/apps/web/src/pages/${page}`))
  if (!chunk) return null
  const byFile = new Map(bundle.lazy.map((lazy) => [lazy.file, lazy]))
  const fetched = new Set<string>()
  const visit = (file: string) => {
    if (fetched.has(file) || !byFile.has(file)) return
    fetched.add(file)
    for (const imported of byFile.get(file)!.imports) visit(imported)
  }
  visit(chunk.file)
  const gz = (file: string) => bundle.files.get(file)?.gzip ?? 0
  return { file: chunk.file, own: gz(chunk.file), withImports: [...fetched].reduce((sum, file) => sum + gz(file), 0) }
}

const kb = (bytes: number) => `${fmt(bytes / 1000, 1)} kB`

export const initialGzip = (bundle: WebBundle) =>
  bundle.initial.reduce((sum, file) => sum + (bundle.files.get(file)?.gzip ?? 0), 0)

/** The learner app's production bundle: what `/` loads first against its goal, each route's own chunks, the CSS. */
export async function webBundleBench(): Promise<BenchSection> {
  const bundle = await buildWeb()
  const first = initialGzip(bundle)
  const rows: (string | number)[][] = [
    [
      '**initial JS of `/`** (entry + static imports / modulepreloads)',
      bundle.initial.length,
      kb(first),
      `≤ ${kb(INITIAL_JS_GOAL_BYTES)}: ${first <= INITIAL_JS_GOAL_BYTES ? 'met' : 'missed'}`,
    ],
    ...bundle.initial.map((file) => [`  ${file}`, 1, kb(bundle.files.get(file)!.gzip), '']),
    ...ROUTE_CHUNKS.map(({ route, page }) => {
      const chunk = routeChunk(bundle, page)
      if (!chunk) return [`**route \`${route}\`** (${page}): not in this build`, 0, '', '']
      return [
        `**route \`${route}\`**: its own chunk (${chunk.file}); with the lazy chunks it imports ${kb(chunk.withImports)}`,
        1,
        kb(chunk.own),
        '',
      ]
    }),
    ...bundle.lazy.map(({ file, facade }) => [`lazy: ${facade} (${file})`, 1, kb(bundle.files.get(file)!.gzip), '']),
    ...bundle.css.map((file) => [`CSS ${file}`, 1, kb(bundle.files.get(file)!.gzip), '']),
  ]
  const total = bundle.initialShares.reduce((sum, [, bytes]) => sum + bytes, 0)
  const coreLazy = bundle.lazy.flatMap((chunk) => {
    const module = chunk.dynamicEntry ? coreModule(chunk.module) : null
    return module === null ? [] : [{ module, gzip: bundle.files.get(chunk.file)!.gzip }]
  })
  const unplaced = coreLazy.filter(({ module }) => !(module in CORE_LAZY_CHUNKS)).map(({ module }) => module)
  if (unplaced.length > 0) throw new Error(`say in CORE_LAZY_CHUNKS when these load: ${unplaced.join(', ')}`)
  return {
    title: 'Learner app (apps/web): bundle size',
    method:
      'Vite production build of apps/web in memory (the config npm start and the browser tests use), each JS and CSS file gzip -9; "initial" is every chunk the entry loads statically, which Vite also modulepreloads from the HTML, so all of it is fetched before the first paint. kB = 1000 bytes, as Vite prints.',
    table: { header: ['what', 'files', 'gzip', 'goal'], rows },
    notes: [
      `The initial chunks by owner (bytes each module renders before minification and gzip, ${kb(total)} in all): ${bundle.initialShares
        .slice(0, 12)
        .map(([name, bytes]) => `${name} ${kb(bytes)}`)
        .join(', ')}.`,
      `The core in the first load of / by folder of packages/core/src (rendered bytes): what a signed-out visitor's first paint loads of it, and runs of it the client's set-up, the public reads and auth's start-up (which finds nothing stored and loads nothing more): ${bundle.initialCore
        .map(([folder, bytes]) => `${folder} ${kb(bytes)}`)
        .join(', ')}.`,
      `The core's parts that first paint does not run, each a chunk loaded when needed (gzip): ${coreLazy
        .sort((a, b) => b.gzip - a.gzip)
        .map(({ module, gzip }) => `${module} ${kb(gzip)}, ${CORE_LAZY_CHUNKS[module]}`)
        .join('; ')}; and @supabase/auth-js with Supabase's set-up.`,
    ],
  }
}
