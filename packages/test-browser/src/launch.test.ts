import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Browser,
  collectPageErrors,
  findChromium,
  launchChromium,
  safePackagedArgs,
  WEAKENING_PACKAGED_FLAGS,
} from './index.ts'

/**
 * A loopback origin of its own (each port is another origin): `/` a page, `/secret` text without
 * CORS headers, `/shared` text any origin may read.
 */
async function serveOrigin(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.url === '/secret') return response.end('not for other origins')
    if (request.url === '/shared') {
      response.setHeader('access-control-allow-origin', '*')
      return response.end('for everyone')
    }
    response.setHeader('content-type', 'text/html; charset=utf-8')
    response.end('<!doctype html><title>origin</title>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

describe('the test browser', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
  })

  it('renders a page and reports its console errors and uncaught exceptions', async () => {
    const page = await browser.newPage()
    const errors = collectPageErrors(page)
    await page.setContent(
      '<p id="p">안녕하세요</p><script>console.error("broken"); setTimeout(() => { throw new Error("late") })</script>',
    )
    expect(await page.textContent('#p')).toBe('안녕하세요')
    await page.waitForFunction(() => true)
    await expect.poll(() => errors.length).toBe(2)
    expect(errors).toEqual(['console.error: broken', 'uncaught: late'])
    await page.close()
  })

  it("speaks en-US whatever the machine's locale, in a tag Intl takes", async () => {
    const page = await browser.newPage()
    const language = await page.evaluate(() => [
      navigator.language,
      new Intl.DateTimeFormat(navigator.language).resolvedOptions().locale,
    ])
    expect(language).toEqual(['en-US', 'en-US'])
    await page.close()
  })

  it('saves a download under its Korean name', async () => {
    const page = await browser.newPage()
    await page.setContent('<p>자료</p>')
    const download = page.waitForEvent('download')
    await page.evaluate(() => {
      const link = document.createElement('a')
      link.href = URL.createObjectURL(new Blob(['%PDF-1.4']))
      link.download = '2강 수업 자료.pdf'
      document.body.append(link)
      link.click()
    })
    expect((await download).suggestedFilename()).toBe('2강 수업 자료.pdf')
    await page.close()
  })

  it('keeps the same-origin policy: a page cannot read another origin that sends no CORS headers', async () => {
    const [app, api] = [await serveOrigin(), await serveOrigin()]
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      await page.goto(app.origin)
      const read = (url: string) =>
        page.evaluate(async (target) => {
          try {
            return await (await fetch(target)).text()
          } catch (error) {
            return `refused: ${(error as Error).name}`
          }
        }, url)
      expect(await read(`${api.origin}/secret`)).toBe('refused: TypeError')
      // The same server answers when it allows it, and the page's own origin reads its own: what is
      // refused above is the policy, not the network.
      expect(await read(`${api.origin}/shared`)).toBe('for everyone')
      expect(await read(`${app.origin}/secret`)).toBe('not for other origins')
      // Nor can it reach into a frame of the other origin.
      const frameDocument = await page.evaluate(async (src) => {
        const frame = document.createElement('iframe')
        frame.src = src
        await new Promise((resolve) => {
          frame.onload = resolve
          document.body.append(frame)
        })
        try {
          return frame.contentDocument === null ? 'no document' : 'readable'
        } catch {
          return 'refused'
        }
      }, `${api.origin}/`)
      expect(frameDocument).toBe('no document')
    } finally {
      await context.close()
      await app.close()
      await api.close()
    }
  })

  it('keeps contexts apart: closing one under a live page leaves the browser and another context working, and they share no storage', async () => {
    const site = await serveOrigin()
    const [first, second] = [await browser.newContext(), await browser.newContext()]
    try {
      const [one, two] = [await first.newPage(), await second.newPage()]
      await one.goto(site.origin)
      await two.goto(site.origin)
      await one.evaluate(() => localStorage.setItem('who', 'first'))
      expect(await two.evaluate(() => localStorage.getItem('who'))).toBeNull()

      await first.close()
      expect(browser.isConnected()).toBe(true)
      expect(await two.evaluate(() => document.title)).toBe('origin')
      await two.reload()
      expect(await two.evaluate(async (url) => (await fetch(url)).text(), `${site.origin}/secret`)).toBe(
        'not for other origins',
      )
      const third = await browser.newContext()
      expect(await (await third.newPage()).evaluate(() => 1 + 1)).toBe(2)
      await third.close()
    } finally {
      await second.close()
      await site.close()
    }
  })

  it('takes COURSEKIT_CHROMIUM over any other Chromium', async () => {
    const found = await findChromium({ COURSEKIT_CHROMIUM: '/opt/my-chromium' })
    expect(found).toMatchObject({ path: '/opt/my-chromium', source: 'env' })
  })
})

describe('the packaged Chromium', () => {
  it('runs without the Lambda flags that turn web security off or put every page in one process', async () => {
    const { default: packaged } = await import('@sparticuz/chromium')
    const flagName = (arg: string) => arg.split('=')[0]
    // The flags this guards against are still in the package's list (else this proves nothing).
    for (const flag of ['--disable-web-security', '--allow-running-insecure-content', '--single-process'])
      expect(packaged.args.map(flagName)).toContain(flag)
    const kept = safePackagedArgs(packaged.args)
    for (const arg of kept) expect(WEAKENING_PACKAGED_FLAGS).not.toContain(flagName(arg))
    expect(kept).toContain('--no-zygote')
    const found = await findChromium({}, '/nonexistent/chromium')
    for (const arg of found.args) expect(WEAKENING_PACKAGED_FLAGS).not.toContain(flagName(arg))
  })

  it('is unpacked once when test files ask for it at the same time, and then launches', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'coursekit-chromium-'))
    const before = process.env.TMPDIR
    // @sparticuz/chromium unpacks into os.tmpdir(), which follows TMPDIR.
    process.env.TMPDIR = dir
    try {
      const binary = join(dir, 'chromium')
      const first = findChromium({}, '/nonexistent/chromium')
      // The second asks while the first is still writing the binary.
      while (!existsSync(binary)) await new Promise((resolve) => setTimeout(resolve, 5))
      const second = await findChromium({}, '/nonexistent/chromium')
      expect(second).toMatchObject({ path: binary, source: '@sparticuz/chromium' })
      const browser = await chromium.launch({ executablePath: second.path, args: second.args })
      expect((await first).path).toBe(binary)
      const page = await browser.newPage()
      await page.setContent('<p>ok</p>')
      expect(await page.textContent('p')).toBe('ok')
      await browser.close()
    } finally {
      if (before === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = before
      await rm(dir, { recursive: true, force: true })
    }
  }, 180_000)
})
