import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { setUpBrowser } from './browser.ts'

const browser = setUpBrowser()

/** What the stand-in native side saw: each command, and the path and Range of each request `proxy` made. */
interface NativeLog {
  commands: string[]
  proxied: { path: string; range: string | null }[]
}

/**
 * Tauri 2's bridge as the wrapper injects it before the page's scripts (`__TAURI_INTERNALS__.invoke`,
 * `isTauri`), answered here by a native side whose `proxy` makes the request from Node (binary
 * bodies base64) and whose token store keeps nothing, or cannot even be read.
 */
async function wrapper(page: Page, store: 'empty' | 'unreadable'): Promise<NativeLog> {
  const log: NativeLog = { commands: [], proxied: [] }
  await page.exposeFunction('__standInNative', async (command: string, args: Record<string, unknown>) => {
    log.commands.push(command)
    if (command === 'get_auth_token' && store === 'unreadable') throw new Error('keychain unavailable')
    if (command !== 'proxy') return null
    const headers = args.headers as Record<string, string>
    log.proxied.push({ path: new URL(String(args.url)).pathname, range: headers.range ?? null })
    const answer = await fetch(String(args.url), {
      method: String(args.method),
      headers,
      body: (args.body as string | null) ?? undefined,
    })
    const bytes = Buffer.from(await answer.arrayBuffer())
    const text = /json|text/.test(answer.headers.get('content-type') ?? 'text')
    return {
      status: answer.status,
      statusText: answer.statusText,
      headers: [...answer.headers],
      body: text ? bytes.toString('utf8') : bytes.toString('base64'),
      bodyEncoding: text ? 'text' : 'base64',
    }
  })
  await page.addInitScript(() => {
    const native = (window as unknown as Record<string, (command: string, args: unknown) => Promise<unknown>>)
      .__standInNative!
    Object.assign(window, { __TAURI_INTERNALS__: { invoke: native }, isTauri: true })
  })
  return log
}

describe('the app in the desktop wrapper, and in a browser', () => {
  it('in the wrapper, with a token store that cannot be read, starts signed out through the proxy: never a blank page', async () => {
    const { page } = await browser.device()
    const log = await wrapper(page, 'unreadable')
    const wrapperCode: string[] = []
    const direct: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (/^\/assets\/wrapper-platform-[\w-]+\.js$/.test(pathname)) wrapperCode.push(pathname)
      if (/^\/(api|auth|media)\//.test(pathname)) direct.push(pathname)
    })
    await page.goto('/')
    await page.getByRole('link', { name: '로그인' }).waitFor()
    expect(wrapperCode).toHaveLength(1)
    expect(log.commands).toContain('get_auth_token')
    expect(log.commands.filter((command) => command === 'proxy').length).toBeGreaterThan(0)
    // Everything the page asked of the backend went through the proxy.
    // The courses come with the content reads' cache, a chunk of its own: after the header's link.
    const course = page.getByRole('link', { name: /실무 React 완벽 가이드/ })
    await course.first().waitFor()
    expect(await course.count()).toBe(1)
    expect(direct).toEqual([])
  })

  it('in the wrapper a lesson plays from the one source its video can play, fetched through the proxy in ranges', async () => {
    const { page } = await browser.device()
    const log = await wrapper(page, 'empty')
    const direct: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (/^\/(api|auth|media)\//.test(pathname)) direct.push(pathname)
    })
    await page.goto('/courses/102/lessons/1005')
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1)
    const video = page.locator('video')
    expect(await video.evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(/^blob:/)
    expect(await video.locator('source').count()).toBe(1)
    // The clip's requests: the lesson's captions (and any picture) come through the proxy as well.
    const media = log.proxied.filter((request) => /^\/media\/[\w-]+\.(?:mp4|webm)$/.test(request.path))
    expect(media).toHaveLength(1)
    expect(media[0]).toMatchObject({
      path: expect.stringMatching(/^\/media\/[\w-]+\.(mp4|webm)$/),
      range: 'bytes=0-1048575',
    })
    await video.focus()
    await page.keyboard.press('Space')
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1)
    expect(direct).toEqual([])
  })

  it('in a browser loads none of the wrapper’s code and calls no native command', async () => {
    const { page } = await browser.device()
    const wrapperCode: string[] = []
    page.on('request', (request) => {
      if (/wrapper-platform/.test(request.url())) wrapperCode.push(request.url())
    })
    await page.goto('/')
    await page.getByRole('link', { name: '로그인' }).waitFor()
    expect(wrapperCode).toEqual([])
    expect(await page.evaluate(() => '__TAURI_INTERNALS__' in window)).toBe(false)
  })
})
