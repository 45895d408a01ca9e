import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type InlineConfig, preview } from 'vite'
import type { PreviewedApp } from '../../apps/web/scripts/preview-app.ts'

/** This folder: the floor app's root. */
const floorRoot = fileURLToPath(new URL('.', import.meta.url))

/**
 * The floor app's production build, served as apps/web's is (`vite preview` on a free loopback
 * port, with its compression), for the Lighthouse bench to measure beside the learner app.
 */
export async function previewFloorApp(outDir: string): Promise<PreviewedApp> {
  const config: InlineConfig = {
    root: floorRoot,
    configFile: false,
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  }
  await build(config)
  const server = await preview({ ...config, preview: { port: 0, host: '127.0.0.1', strictPort: false } })
  const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '')
  if (!origin) throw new Error('vite preview gave no URL')
  return { origin, close: () => server.close() }
}
