import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { type BenchSection, fmt } from './report.ts'

const benchDir = fileURLToPath(new URL('.', import.meta.url))

interface Figures {
  minified: number
  gzip: number
}

/**
 * Bundles `contents` (an ES module importing @coursekit/react) as an app's bundler would for
 * production: minified, NODE_ENV production, JSX automatic; React, React DOM and the core left out
 * (the app has them anyway), so the figure is what the bindings add.
 */
async function bundle(contents: string): Promise<Figures> {
  const result = await build({
    stdin: { contents, resolveDir: benchDir, loader: 'tsx' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2023',
    jsx: 'automatic',
    conditions: ['@coursekit/source'],
    external: ['react', 'react/*', 'react-dom', 'react-dom/*', '@coursekit/core', '@coursekit/core/*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]!.contents
  return {
    minified: code.byteLength,
    gzip: gzipSync(code, { level: 9 }).byteLength,
  }
}

const kib = (bytes: number) => `${fmt(bytes / 1024, 1)} KiB`

/** @coursekit/react's size: all of it, and what typical imports keep after tree shaking. */
export async function reactBundleBench(): Promise<BenchSection> {
  const cases: [string, string][] = [
    ['all of @coursekit/react', "export * from '@coursekit/react'"],
    [
      'provider + useAuth + useProfile + useAuthGate',
      "export { CourseClientProvider, useAuth, useProfile, useAuthGate } from '@coursekit/react'",
    ],
    [
      'provider + useVideoWatch + VideoConflictDialog',
      "export { CourseClientProvider, useVideoWatch, VideoConflictDialog } from '@coursekit/react'",
    ],
    ['DeviceLimitDialog (default UI) alone', "export { DeviceLimitDialog } from '@coursekit/react'"],
    ['useDeviceLimitDialog (headless) alone', "export { useDeviceLimitDialog } from '@coursekit/react'"],
  ]
  const rows: (string | number)[][] = []
  for (const [name, contents] of cases) {
    const figures = await bundle(contents)
    rows.push([name, kib(figures.minified), kib(figures.gzip)])
  }
  return {
    title: 'React bindings: bundle size',
    method:
      'esbuild bundles of @coursekit/react from source (ES2023, minified, JSX automatic, NODE_ENV production), react, react-dom and @coursekit/core external (an app ships them anyway), then gzip -9.',
    table: { header: ['bundle', 'minified', 'gzip'], rows },
    notes: [
      'Stores are read with React’s own useSyncExternalStore: no selector shim is bundled.',
      'The Korean relative time uses Intl.RelativeTimeFormat and the device names the core’s user-agent classifier: no date or UA library is added.',
    ],
  }
}
