import { describe, expect, inject, it } from 'vitest'
import { IMMUTABLE_ASSET_CACHE_CONTROL } from '../scripts/asset-cache-headers.ts'

const origin = inject('webOrigin')

describe('vite preview lets a browser keep the hashed files of a build (README, "Deploying")', () => {
  it("the page's scripts and stylesheets are kept a year, never asked for again", async () => {
    const html = await (await fetch(origin)).text()
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!)
    expect(assets.some((path) => path.endsWith('.js'))).toBe(true)
    expect(assets.some((path) => path.endsWith('.css'))).toBe(true)
    for (const path of assets) {
      const response = await fetch(`${origin}${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe(IMMUTABLE_ASSET_CACHE_CONTROL)
    }
  })

  it('index.html, a route and a missing asset are asked for again each time', async () => {
    for (const path of ['/', '/courses/101', '/assets/no-such-file-0000.js']) {
      const response = await fetch(`${origin}${path}`)
      expect(response.headers.get('cache-control') ?? '', path).not.toContain('immutable')
    }
    expect((await fetch(`${origin}/`)).headers.get('cache-control')).toBe('no-cache')
  })
})
