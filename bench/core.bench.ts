import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { createCourseClient, memoryPlatform } from '@coursekit/core'
import { createMockBackend, demoAccounts } from '@coursekit/mock-server'
import { accessToken, TestApiAuth } from '@coursekit/testkit'
import { build, type Metafile } from 'esbuild'
import { ALL_OF_CORE, APP_ENTRY, FIRST_CHUNK_GOAL_BYTES, splitAppBundle } from './core-chunks.ts'
import { type BenchSection, fmt } from './report.ts'

const REQUESTS_PER_ROUND = 2_000
const WARMUP_REQUESTS = 1_000
const ROUNDS = 7

const benchDir = fileURLToPath(new URL('.', import.meta.url))

interface BundleFigures {
  minified: number
  gzip: number
  /** Minified bytes per package (or the core's own source), largest first. */
  shares: [string, number][]
}

/** Bundles `contents` (an ES module importing the core), minified, Supabase's auth client left out. */
async function bundle(
  contents: string,
  platform: 'browser' | 'node' = 'browser',
  external: string[] = ['@supabase/auth-js'],
): Promise<BundleFigures> {
  const result = await build({
    stdin: { contents, resolveDir: benchDir, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform,
    target: 'es2023',
    conditions: ['@coursekit/source'],
    external,
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]!.contents
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength, shares: shares(result.metafile) }
}

function shares(metafile: Metafile): [string, number][] {
  const byOwner = new Map<string, number>()
  for (const output of Object.values(metafile.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      const owner =
        /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? (path.includes('/contract/') ? 'core contract' : 'core')
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + input.bytesInOutput)
    }
  }
  return [...byOwner].sort((a, b) => b[1] - a[1])
}

const kib = (bytes: number) => `${fmt(bytes / 1024, 1)} KiB`

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

/** Mean microseconds per request of `send`, run back to back. */
async function perRequestMicros(send: () => Promise<unknown>, count: number): Promise<number> {
  const started = performance.now()
  for (let i = 0; i < count; i++) await send()
  return ((performance.now() - started) * 1000) / count
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/**
 * The core's size as an app ships it: all of it, a typical import, the account pages' flows, the
 * display helpers, the contract, the testing entry.
 */
export async function coreBundleBench(): Promise<BenchSection> {
  const everything = await bundle(ALL_OF_CORE)
  const typicalApp = await bundle(APP_ENTRY)
  const flows = await bundle("export * from '@coursekit/core/flows'")
  const display = await bundle("export * from '@coursekit/core/display'")
  const contract = await bundle("export * from '@coursekit/core/contract'")
  const testing = await bundle("export * from '@coursekit/core/testing'")
  // What the auth service loads on first use, and what a whole supabase-js client would have been.
  const authClient = await bundle("export { AuthClient } from '@supabase/auth-js'", 'browser', [])
  const supabaseJs = await bundle("export { createClient } from '@supabase/supabase-js'", 'browser', [])
  const row = (name: string, figures: BundleFigures) => [name, kib(figures.minified), kib(figures.gzip)]
  return {
    title: 'Core: bundle size',
    method:
      'esbuild bundles of the core from source (ES2023, minified, @supabase/auth-js external, a dependency loaded on first use), then gzip -9, for the browser.',
    table: {
      header: ['bundle', 'minified', 'gzip'],
      rows: [
        row('all of @coursekit/core (its root, /flows and /display)', everything),
        row('an app: createCourseClient + browserPlatform', typicalApp),
        row('@coursekit/core/flows alone (the account pages)', flows),
        row('@coursekit/core/display alone', display),
        row('@coursekit/core/contract alone', contract),
        row('@coursekit/core/testing (the simulated clock)', testing),
        row('the auth client the core loads on first use (@supabase/auth-js)', authClient),
        row('for comparison: a whole supabase-js client (createClient)', supabaseJs),
      ],
    },
    notes: [
      `Largest parts of the full bundle (minified): ${everything.shares
        .slice(0, 5)
        .map(([owner, bytes]) => `${owner} ${kib(bytes)}`)
        .join(', ')}.`,
      'An app ships the whole contract because api.call() can reach every endpoint; zod/mini is most of it.',
    ],
  }
}

/** An app's first chunk of the core and each chunk it loads later, against the goal of issue 15. */
export async function coreChunksBench(): Promise<BenchSection> {
  const { first, lazy } = await splitAppBundle()
  const ofGoal = (gzip: number) => `${fmt((100 * gzip) / FIRST_CHUNK_GOAL_BYTES, 0)} %`
  return {
    title: 'Core: first chunk and lazy chunks',
    method: `What an app ships of the core: \`createCourseClient\` + \`browserPlatform\` bundled by esbuild with code splitting (ESM, minified, ES2023, browser, @supabase/auth-js external: a dependency loaded on first use, sized in "Core: bundle size"), gzip -9 per file. The first chunk is the entry and every chunk it imports statically; a lazy chunk is one a dynamic \`import()\` loads on first use. Goal for the first chunk: ${fmt(FIRST_CHUNK_GOAL_BYTES)} bytes (20 KB) gzip.`,
    table: {
      header: ['chunk', 'files', 'minified', 'gzip', 'gzip bytes', 'of the 20 KB goal'],
      rows: [
        [
          "an app's first chunk",
          first.files,
          kib(first.minified),
          kib(first.gzip),
          fmt(first.gzip),
          ofGoal(first.gzip),
        ],
        ...lazy.map((chunk) => [
          chunk.module ? `lazy: ${chunk.module}` : 'lazy: shared by lazy chunks',
          1,
          kib(chunk.minified),
          kib(chunk.gzip),
          fmt(chunk.gzip),
          '',
        ]),
      ],
    },
    notes: [
      `The first chunk by part (minified): ${first.parts.map(([part, bytes]) => `${part} ${kib(bytes)}`).join(', ')}.`,
      lazy.length === 0
        ? 'No part of the core loads on first use: a lazy chunk pays only when it outweighs what it costs the first chunk, as every module it shares with the first one moves into a chunk of its own, imported name by name.'
        : `${lazy.length} chunk(s) load on first use.`,
    ],
  }
}

/** What the API client adds to a request, against a bare fetch through the same in-process handler. */
export async function coreApiBench(): Promise<BenchSection> {
  const backend = await createMockBackend()
  const fetch: Fetch = backend.fetch
  const { id, email } = demoAccounts.learner
  const token = await accessToken(backend, { id, email }, 'bench')
  const auth = new TestApiAuth(token, id)
  const client = createCourseClient({ apiBaseUrl: backend.url, platform: memoryPlatform(), fetch, apiAuth: auth })
  const bareCourses = async () =>
    (await fetch(`${backend.url}/api/v2/courses`, { headers: { accept: 'application/json' } })).json()

  const cases: { name: string; bare: () => Promise<unknown>; client: () => Promise<unknown> }[] = [
    {
      name: 'GET /api/v2/courses (public), api.get',
      bare: bareCourses,
      client: () => client.api.get('/api/v2/courses'),
    },
    {
      name: 'GET /api/v2/courses, api.call (zod-checked)',
      bare: bareCourses,
      client: () => client.api.call('courses'),
    },
    {
      name: 'GET /api/v2/session-tracker/sessions (bearer), api.call',
      bare: async () =>
        (
          await fetch(`${backend.url}/api/v2/session-tracker/sessions`, {
            headers: { accept: 'application/json', authorization: `Bearer ${token}` },
          })
        ).json(),
      client: () => client.api.call('listSessions'),
    },
  ]

  const rows: (string | number)[][] = []
  for (const benchCase of cases) {
    const check = (await benchCase.client()) as { ok: boolean; error: string | null }
    if (!check.ok) throw new Error(`${benchCase.name}: ${check.error}`)
    await perRequestMicros(benchCase.bare, WARMUP_REQUESTS)
    await perRequestMicros(benchCase.client, WARMUP_REQUESTS)
    const bare: number[] = []
    const viaClient: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      bare.push(await perRequestMicros(benchCase.bare, REQUESTS_PER_ROUND))
      viaClient.push(await perRequestMicros(benchCase.client, REQUESTS_PER_ROUND))
    }
    const b = median(bare)
    const c = median(viaClient)
    rows.push([benchCase.name, fmt(b, 1), fmt(c, 1), fmt(c - b, 1), fmt(c / b, 2)])
  }
  client.dispose()

  return {
    title: 'Core: API client overhead per request',
    method: `${fmt(REQUESTS_PER_ROUND)} sequential requests per round through the mock backend's in-process fetch (no sockets): a bare fetch + JSON parse and the API client alternated for ${ROUNDS} rounds after ${fmt(WARMUP_REQUESTS)} warm-up requests each; median round, microseconds per request.`,
    table: { header: ['request', 'bare fetch µs', 'API client µs', 'added µs', 'ratio'], rows },
    notes: [
      'The client adds: URL resolution and the public-path check, the auth wait check and token read, an AbortSignal per request (dispose/timeout/caller), the body and headers of the request (request-init.ts), reading the body as text and JSON.parse, and for call() the zod/mini parse of the response.',
      'Against a real network round trip (milliseconds) the added tens of microseconds are noise; the ratio here is the worst case, a handler with no I/O.',
    ],
  }
}
