import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { WebDriverPage, type WebKitBrowser, webkitSkipReason } from '@coursekit/test-browser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchShell, makeShellHome, removeShellHome, type ShellHome, serveApp } from './desktop-window.ts'
import { skipWithoutWebKitGtk } from './gjs-runner.ts'

/** Every place a page keeps data a script can read. */
const WEB_STORES = `
  const everything = [document.cookie]
  for (const store of [localStorage, sessionStorage])
    for (let i = 0; i < store.length; i++) everything.push(store.key(i) + '=' + store.getItem(store.key(i)))
  return everything.join('\\n')
`
/** Where the screenshot of the signed-in window goes (`npm run screenshot` points it at screenshots/). */
const SCREENSHOT =
  process.env.COURSEKIT_DESKTOP_SCREENSHOT ??
  fileURLToPath(new URL('../node_modules/.cache/desktop-screenshots/signed-in.png', import.meta.url))

interface LoggedCommand {
  command: string
  method?: string
  url?: string
  key?: string
}

async function jsonLines<T>(path: string): Promise<T[]> {
  if (!existsSync(path)) return []
  return (await readFile(path, 'utf8'))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as T)
}

const skipped = webkitSkipReason() !== undefined || skipWithoutWebKitGtk({ window: true })

describe.skipIf(skipped)('the desktop shell in a real WebKitGTK window (WebKitWebDriver under Xvfb)', () => {
  let home: ShellHome
  let app: Awaited<ReturnType<typeof serveApp>>
  let shell: WebKitBrowser
  let page: WebDriverPage
  let serverLog: string

  beforeAll(async () => {
    home = await makeShellHome()
    serverLog = join(home.root, 'server-requests.jsonl')
    app = await serveApp(serverLog)
    shell = await launchShell(home, app.origin)
    page = new WebDriverPage(shell.driver, app.origin)
  })
  afterAll(async () => {
    await shell?.close()
    await app?.close()
    if (home) await removeShellHome(home)
  })

  it('injects Tauri 2’s bridge, keeps the page off the network by itself, and saves a blob download', async () => {
    await page.goto('/')
    expect(await page.evaluate('return [globalThis.isTauri, typeof window.__TAURI_INTERNALS__.invoke]')).toEqual([
      true,
      'function',
    ])
    expect(await page.evaluate('return navigator.userAgent')).toMatch(/ CoursekitDesktop\/0\.1\.0$/)
    // Page code cannot swap the bridge out.
    expect(
      await page.evaluate(
        'window.__TAURI_INTERNALS__ = null; globalThis.isTauri = false; return [typeof window.__TAURI_INTERNALS__, globalThis.isTauri]',
      ),
    ).toEqual(['object', true])
    expect(
      await page.evaluateAsync(`window.__TAURI_INTERNALS__.invoke('read_file', {}).then(() => done('answered'), done)`),
    ).toBe('unknown command: read_file')

    // A window the page opens is the shell's too, with the same bridge and user agent. The shell's
    // first window is the one WebDriver drives: there is no other.
    const windows = await shell.driver.getAllWindowHandles()
    expect(windows).toHaveLength(1)
    const [firstWindow] = windows
    await page.evaluate(`
      const link = Object.assign(document.createElement('a'), { href: '/notices', target: '_blank', textContent: '새 창' })
      link.style.cssText = 'position: fixed; top: 0; left: 0; z-index: 100000; background: white'
      document.body.append(link)`)
    await page.click('새 창')
    await page.until('a second window', async () => (await shell.driver.getAllWindowHandles()).length === 2)
    const secondWindow = (await shell.driver.getAllWindowHandles()).find((handle) => handle !== firstWindow)
    await shell.driver.switchTo().window(secondWindow ?? '')
    await page.untilPath('/notices')
    expect(
      await page.evaluate('return [globalThis.isTauri, navigator.userAgent.includes("CoursekitDesktop/")]'),
    ).toEqual([true, true])
    expect(
      await page.evaluateAsync(
        `window.__TAURI_INTERNALS__.invoke('get_auth_token', {}).then(done, (e) => done('failed ' + e))`,
      ),
    ).toBeNull()
    await shell.driver.close()
    await shell.driver.switchTo().window(firstWindow ?? '')

    // The page's own requests to the API, by fetch, XHR or beacon, never leave it.
    expect(
      await page.evaluateAsync(
        `fetch('/api/v2/courses').then((r) => done('reached ' + r.status), () => done('blocked'))`,
      ),
    ).toBe('blocked')
    expect(
      await page.evaluateAsync(`
        const request = new XMLHttpRequest()
        request.open('GET', '/api/v2/courses')
        request.onload = () => done('reached ' + request.status)
        request.onerror = () => done('blocked')
        request.send()`),
    ).toBe('blocked')
    // A blob: URL, as the app builds from proxied bytes, still loads.
    expect(
      await page.evaluateAsync(
        `fetch(URL.createObjectURL(new Blob(['수료증']))).then((r) => r.text()).then(done, (e) => done(String(e)))`,
      ),
    ).toBe('수료증')

    // A blob download lands in the download folder under its suggested name, twice without overwriting.
    const download = `
      const link = document.createElement('a')
      link.href = URL.createObjectURL(new Blob([new Uint8Array([0, 1, 2, 255])], { type: 'application/pdf' }))
      link.download = '수료증.pdf'
      document.body.append(link)
      link.click()
      link.remove()`
    await page.evaluate(download)
    const first = join(home.downloads, '수료증.pdf')
    await page.until('the download in the folder', async () => existsSync(first))
    await page.until('the download to finish', async () => (await readFile(first)).length === 4)
    expect([...(await readFile(first))]).toEqual([0, 1, 2, 255])
    await page.evaluate(download)
    const second = join(home.downloads, '수료증 (1).pdf')
    await page.until('the second download beside the first', async () => existsSync(second))
  })

  it('signs in, registers as the desktop app, plays a lesson, saves its materials and signs out, every request through proxy and no token in the page', async () => {
    const { learner } = demoAccounts
    await page.goto('/sign/in')
    await page.until('the sign-in form', () =>
      page.evaluate<boolean>('return document.querySelector("input[name=email]") !== null'),
    )
    await page.type('input[name=email]', learner.email)
    await page.type('input[name=password]', DEMO_PASSWORD)
    await page.click('로그인', '//form')
    await page.untilPath('/')
    await page.untilText(`${learner.profile.nickname}님`)

    // The token and the auth session are in the native store, 0600, and nowhere a page script reads.
    await page.until('the token in the native store', async () => existsSync(home.storeFile))
    const stored = JSON.parse(await readFile(home.storeFile, 'utf8')) as Record<string, string>
    const accessToken = stored.auth_token
    expect(accessToken).toMatch(/^ey/)
    const session = Object.values(JSON.parse(stored.auth_session ?? '{}') as Record<string, string>).join('\n')
    const refreshToken = /"refresh_token":"([^"]+)"/.exec(session)?.[1]
    expect(refreshToken).toBeTruthy()
    const webStores = await page.evaluate<string>(WEB_STORES)
    expect(webStores).not.toContain(accessToken)
    expect(webStores).not.toContain(refreshToken)
    expect(webStores).not.toMatch(/eyJ[\w-]+\.[\w-]+\./)

    await mkdir(join(SCREENSHOT, '..'), { recursive: true })
    await writeFile(SCREENSHOT, Buffer.from(await shell.driver.takeScreenshot(), 'base64'))

    // The server knows this device as the desktop app on Linux.
    await page.goto('/my/devices')
    await page.untilText('코스킷 데스크톱 앱 · Linux')

    // A lesson plays from media fetched through the proxy (the page itself cannot load it).
    await page.goto('/courses/101/lessons/1003')
    await page.until('the video to know its length', () =>
      page.evaluate<boolean>('return (document.querySelector("video")?.readyState ?? 0) >= 1'),
    )
    await page.evaluate('document.querySelector("video").focus()')
    await shell.driver.actions().sendKeys('\uE00D').perform()
    await page.until('the video to play past 1 s', () =>
      page.evaluate<boolean>(
        'const video = document.querySelector("video"); return !video.paused && video.currentTime > 1',
      ),
    )
    expect(await page.evaluate('return document.querySelector("video").currentSrc')).toMatch(/^blob:/)

    // The lesson's materials, a binary file through the proxy, saved under the server's Korean name.
    await page.click('수업 자료 받기')
    const materials = join(home.downloads, '3강 수업 자료.pdf')
    await page.until('the materials in the download folder', async () => existsSync(materials))
    await page.until('the whole PDF', async () => (await readFile(materials, 'latin1')).endsWith('%%EOF\n'))
    expect((await readFile(materials, 'latin1')).startsWith('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')).toBe(true)

    // 로그아웃 is under the header's profile menu, the button that greets the learner.
    await page.click(`${learner.profile.nickname}님`, '//header')
    await page.click('로그아웃', '//*[@role="menu"]')
    await page.untilPath('/')
    await page.untilText('로그인')
    await page.until('the native store to be empty', async () => !existsSync(home.storeFile))
    expect(await page.evaluate<string>(WEB_STORES)).not.toMatch(/eyJ[\w-]+\.[\w-]+\./)

    // Every backend request the server received came through the proxy command, and nothing else.
    const proxiedRequests = async () =>
      (await jsonLines<LoggedCommand>(home.commandLog))
        .filter((entry) => entry.command === 'proxy')
        .map((entry) => `${entry.method} ${new URL(entry.url ?? '').pathname}`)
        .sort()
    const receivedRequests = async () =>
      (await jsonLines<{ method: string; url: string }>(serverLog))
        .map((entry) => `${entry.method} ${entry.url}`)
        .sort()
    // A request logged by the shell may still be on its way to the server (a beacon at sign-out);
    // if they never agree, the expectation below shows the difference.
    await page
      .until('the server to receive what the shell proxied', async () =>
        isDeepStrictEqual(await receivedRequests(), await proxiedRequests()),
      )
      .catch(() => {})
    const proxied = await proxiedRequests()
    const received = await receivedRequests()
    expect(received).toEqual(proxied)
    const routes = [
      'POST /auth/v1/token',
      'GET /api/v2/session-tracker/sessions',
      'GET /media/video-101-3.',
      'POST /api/v2/session-tracker/watch',
      'GET /api/v2/lessons/1003/materials',
      'POST /api/v2/analytics/track-visit/',
      'POST /auth/v1/logout',
    ]
    for (const route of routes)
      expect(
        proxied.some((request) => request.startsWith(route)),
        route,
      ).toBe(true)
    const commands = await jsonLines<LoggedCommand>(home.commandLog)
    expect(commands.some((entry) => entry.command === 'clear_auth_token')).toBe(true)
  })
})
