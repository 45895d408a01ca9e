import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { setUpBrowser } from './browser.ts'

const browser = setUpBrowser()
const closeAfter: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closeAfter.splice(0)) await close()
})

/** A page that frames the app's /admin, served as if from `origin` (answered here, not by the app). */
const framingPage = (target: string) =>
  `<!doctype html><title>framing</title><iframe name="app" src="${target}" width="800" height="600"></iframe>`

describe("the app's security headers (vite preview, as npm start serves it)", () => {
  it('are on its pages and its code', async () => {
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await (await fetch(browser.origin)).text())?.[1]
    for (const path of ['/', '/admin', '/courses/101', String(script)]) {
      const response = await fetch(`${browser.origin}${path}`)
      expect(response.status, path).toBe(200)
      const policy = response.headers.get('content-security-policy') ?? ''
      expect(policy, path).toContain("frame-ancestors 'self'")
      expect(policy, path).toContain("default-src 'self'")
      expect(policy, path).toContain("script-src 'self';")
      expect(policy, path).toContain("media-src 'self' blob:")
      expect(policy, path).not.toContain('unsafe-inline')
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN')
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
    }
  })

  it("the mock backend's answers, its one-click OAuth consent page among them, cannot be framed either", async () => {
    const consent = `/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(`${browser.origin}/auth/callback`)}`
    for (const path of ['/api/v2/banners', consent]) {
      const response = await fetch(`${browser.origin}${path}`, { redirect: 'manual' })
      expect(response.headers.get('content-security-policy'), path).toBe("frame-ancestors 'self'")
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN')
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
    }
  })

  it('another site cannot frame it: the frame stays empty, where a page of its own shows the app', async () => {
    const { page, context, errors } = await browser.device({ width: 1280, height: 800 })
    // A real server on loopback (another port), so that Chromium's rule against public pages (which
    // a page fulfilled by the test counts as) framing private addresses plays no part: only the
    // app's headers can refuse the frame.
    const framer = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end(framingPage(`${browser.origin}/admin`))
    })
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve))
    closeAfter.push(() => new Promise<void>((resolve) => framer.close(() => resolve())))
    await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`)
    // Chromium puts its error page in the frame in place of the app (and may say why in the console).
    const framed = () => page.frames().find((frame) => frame !== page.mainFrame())
    await expect.poll(() => framed()?.url()).toBe('chrome-error://chromewebdata/')
    expect(await framed()?.locator('#root').count()).toBe(0)
    expect(errors.every((error) => error.includes("frame-ancestors 'self'"))).toBe(true)
    errors.length = 0

    // The control: the same page on the app's own origin gets the app in its frame.
    await context.route(`${browser.origin}/framing-check`, (route) =>
      route.fulfill({ contentType: 'text/html', body: framingPage(`${browser.origin}/admin`) }),
    )
    await page.goto('/framing-check')
    await page.frameLocator('iframe[name="app"]').getByRole('link', { name: '로그인' }).waitFor()
  })

  it('a journey that loads what the policy refuses fails: the violation is a page error', async () => {
    const { page, errors } = await browser.device()
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    await page.evaluate(() => {
      const image = document.createElement('img')
      image.src = 'https://images.elsewhere.example/tracker.png'
      document.body.append(image)
      const script = document.createElement('script')
      script.textContent = 'window.injected = true'
      document.body.append(script)
    })
    await expect.poll(() => errors.filter((error) => error.includes('CSP violation:')).length).toBe(2)
    const violations = errors.filter((error) => error.includes('CSP violation:')).sort()
    expect(violations).toEqual([
      expect.stringContaining('CSP violation: img-src refused https://images.elsewhere.example/tracker.png'),
      expect.stringContaining('CSP violation: script-src-elem refused inline'),
    ])
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined()
    errors.length = 0
  })
})
