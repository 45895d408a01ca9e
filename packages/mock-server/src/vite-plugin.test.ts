import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, preview } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isMockBackendPath, mockBackendPlugin } from './vite-plugin.ts'

let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'coursekit-vite-plugin-'))
  await writeFile(join(root, 'index.html'), '<!doctype html><title>app</title><p>the app</p>')
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('isMockBackendPath', () => {
  it('takes the backend prefixes and their subpaths, not look-alikes', () => {
    for (const path of ['/api', '/api/v2/courses?limit=2', '/auth/v1/token', '/media/a.mp4', '/__dev/mailbox']) {
      expect(isMockBackendPath(path)).toBe(true)
    }
    for (const path of ['/', '/apiary', '/auth/callback', '/sign/in?redirect=/api', '/mediation']) {
      expect(isMockBackendPath(path)).toBe(false)
    }
  })
})

describe('mockBackendPlugin', () => {
  it('serves the backend and the app on the dev server origin, the backend public URL, and gives the app its anon key', async () => {
    const plugin = mockBackendPlugin()
    const server = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [plugin],
      server: { port: 0, host: '127.0.0.1', strictPort: false, ws: false },
    })
    try {
      await server.listen()
      const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? ''
      expect(await (await fetch(`${origin}/api/health`)).json()).toEqual({ status: 'ok' })
      const mailbox = await fetch(`${origin}/__dev/mailbox?email=learner@coursekit.dev`)
      expect(mailbox.status).toBe(200)
      expect(await (await fetch(`${origin}/sign/in`)).text()).toContain('the app')
      const backend = await plugin.backend()
      expect(backend.url).toBe(origin)
      // The app's Supabase client sends the key the backend checks.
      expect(server.config.define?.['import.meta.env.VITE_SUPABASE_ANON_KEY']).toBe(JSON.stringify(backend.anonKey))
    } finally {
      await server.close()
    }
  })

  it('serves the backend in vite preview, with the settings given', async () => {
    const plugin = mockBackendPlugin({ deviceLimit: 5 })
    const server = await preview({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [plugin],
      build: { outDir: '.' },
      preview: { port: 0, host: '127.0.0.1' },
    })
    try {
      const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? ''
      expect(await (await fetch(`${origin}/api/health`)).json()).toEqual({ status: 'ok' })
      expect(await (await fetch(`${origin}/`)).text()).toContain('the app')
      const backend = await plugin.backend()
      expect(backend.url).toBe(origin)
      expect(backend.context.options.deviceLimit).toBe(5)
    } finally {
      await server.close()
    }
  })
})
