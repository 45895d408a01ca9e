import type { MockBackendPluginOptions } from '@coursekit/mock-server/vite'
import { build, preview } from 'vite'
import { webAppConfig } from '../vite.config.ts'

export interface PreviewedApp {
  /** e.g. http://127.0.0.1:41234 */
  origin: string
  close(): Promise<void>
}

/**
 * The production build of the app, served by `vite preview` with the mock backend on a free
 * loopback port: what the browser tests and the screenshots look at. Builds into `outDir` (under
 * node_modules/.cache), so a developer's `dist` is left alone.
 */
export async function previewApp(backend: MockBackendPluginOptions, outDir: string): Promise<PreviewedApp> {
  const config = webAppConfig(backend)
  await build({ ...config, logLevel: 'warn', build: { ...config.build, outDir } })
  const server = await preview({
    ...config,
    logLevel: 'warn',
    build: { ...config.build, outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
  })
  const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '')
  if (!origin) throw new Error('vite preview gave no URL')
  return { origin, close: () => server.close() }
}
