import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Plugin } from 'esbuild'
import { ALL_OF_CORE } from './core-chunks.ts'
import { type BenchSection, fmt } from './report.ts'

const benchDir = fileURLToPath(new URL('.', import.meta.url))
const coreSource = fileURLToPath(new URL('../packages/core/src/', import.meta.url))

/** The analytics folder's files; its index, which only re-exports, is not analytics' own code. */
const ANALYTICS_FOLDER_FILE = /[\\/]packages[\\/]core[\\/]src[\\/]analytics[\\/][^\\/]+\.ts$/
const isAnalyticsFile = (path: string) => ANALYTICS_FOLDER_FILE.test(path) && !/[\\/]index\.ts$/.test(path)

/**
 * Replaces the analytics files with stubs exporting the same names, so a bundle "without
 * analytics" builds from the same entry, whether or not the core already wires analytics in.
 */
const stubAnalytics: Plugin = {
  name: 'stub-analytics',
  setup(buildApi) {
    // esbuild's filters are Go regular expressions (no lookahead), so the index is told apart here.
    buildApi.onLoad({ filter: ANALYTICS_FOLDER_FILE }, async ({ path }) => {
      if (!isAnalyticsFile(path)) return undefined
      const source = await readFile(path, 'utf8')
      const names = [...source.matchAll(/^export (?:async )?(?:function|const|let|class) (\w+)/gm)].map(
        ([, name]) => name,
      )
      return { contents: names.map((name) => `export const ${name} = undefined`).join('\n'), loader: 'ts' }
    })
  },
}

interface Figures {
  minified: number
  gzip: number
  /** Minified bytes of the analytics files inside the bundle (esbuild's metafile). */
  analyticsBytes: number
}

async function bundle(contents: string, plugins: Plugin[] = []): Promise<Figures> {
  const result = await build({
    stdin: { contents, resolveDir: benchDir, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2023',
    conditions: ['@coursekit/source'],
    external: ['@supabase/auth-js'],
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins,
  })
  const code = result.outputFiles[0]!.contents
  let analyticsBytes = 0
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      if (isAnalyticsFile(path)) analyticsBytes += input.bytesInOutput
    }
  }
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength, analyticsBytes }
}

const kib = (bytes: number) => `${fmt(bytes / 1024, 1)} KiB`
const percent = (part: number, whole: number) => `${fmt((part / whole) * 100, 1)} %`

/** What visit analytics adds to the core an app ships. */
export async function analyticsBundleBench(): Promise<BenchSection> {
  // createCourseClient wires the service in and the package does not export it alone: its source file.
  const analyticsEntry = `export { createVisitAnalytics } from '${coreSource}analytics/analytics-service.ts'`
  const app = [
    "import { createCourseClient, browserPlatform } from '@coursekit/core'",
    analyticsEntry,
    "export const client = createCourseClient({ apiBaseUrl: 'https://api.example.com', platform: browserPlatform() })",
  ].join('\n')
  const everything = `${ALL_OF_CORE}\n${analyticsEntry}`

  const rows: string[][] = []
  for (const [name, contents] of [
    ['an app: createCourseClient + browserPlatform', app],
    ['all of @coursekit/core (its root, /flows and /display)', everything],
  ] as const) {
    const withAnalytics = await bundle(contents)
    const without = await bundle(contents, [stubAnalytics])
    const addedMin = withAnalytics.minified - without.minified
    const addedGzip = withAnalytics.gzip - without.gzip
    rows.push([
      name,
      `${kib(without.minified)} / ${kib(without.gzip)}`,
      `${kib(withAnalytics.minified)} / ${kib(withAnalytics.gzip)}`,
      `${kib(addedMin)} / ${kib(addedGzip)}`,
      `${percent(addedMin, withAnalytics.minified)} / ${percent(addedGzip, withAnalytics.gzip)}`,
    ])
  }
  const classifier = await bundle(`export { classifyUserAgent } from '${coreSource}analytics/user-agent-classifier.ts'`)
  const full = await bundle(everything)

  return {
    title: 'Core: visit analytics share of the bundle',
    method:
      'esbuild bundles from source (ES2023, minified, browser, @supabase/auth-js external), then gzip -9. "Without" is the same entry with the analytics files (analytics-*.ts, user-agent-*.ts) replaced by empty stubs, so the difference is what analytics adds on top of what the core already ships (zod, the contract, the API client).',
    table: {
      header: [
        'bundle',
        'without analytics (min / gzip)',
        'with analytics (min / gzip)',
        'added (min / gzip)',
        'share',
      ],
      rows,
    },
    notes: [
      `The analytics files themselves take ${kib(full.analyticsBytes)} of the full bundle (minified); in the app row the difference also counts the store module, which nothing else in that app uses yet.`,
      `The user-agent classifier alone: ${kib(classifier.minified)} minified, ${kib(classifier.gzip)} gzip.`,
      'For comparison, bowser 2.14 (MIT), measured once from its source with the same esbuild settings: 29.3 KiB minified, 6.7 KiB gzip, for the classification alone; it reads neither the KakaoTalk nor the NAVER in-app browser and sees an iPad in desktop mode as a Mac.',
    ],
  }
}
