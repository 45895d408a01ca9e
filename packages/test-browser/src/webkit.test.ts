import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchWebKit } from './webkit.ts'
import { webkitAvailable, webkitSkipReason } from './webkit-available.ts'

/** Whether `pid` runs (a zombie has exited). */
function alive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').match(/^\d+ \(.*\) (\S)/)?.[1] !== 'Z'
  } catch {
    return false
  }
}

/** Every process below `root` (this one by default), by /proc (zombies, which have exited, left out). */
function descendants(root = process.pid): { pid: number; name: string }[] {
  const parents = new Map<number, number[]>()
  const names = new Map<number, string>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // "pid (name) state ppid …"; the name may hold spaces and parentheses.
      const [, name, state, ppid] = stat.match(/^\d+ \((.*)\) (\S) (\d+)/) ?? []
      if (state === 'Z' || name === undefined) continue
      names.set(Number(entry), name)
      parents.set(Number(ppid), [...(parents.get(Number(ppid)) ?? []), Number(entry)])
    } catch {
      // Exited while being read.
    }
  }
  const found: { pid: number; name: string }[] = []
  const visit = (pid: number) => {
    for (const child of parents.get(pid) ?? []) {
      found.push({ pid: child, name: names.get(child) ?? '' })
      visit(child)
    }
  }
  visit(root)
  return found
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

describe('WebKitGTK through WebKitWebDriver', () => {
  let server: Server
  let origin: string
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8')
      response.end('<!doctype html><title>코스킷 테스트</title><h1 style="color:#0a0">안녕하세요</h1>')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve))
  })

  it('opens a loopback page in MiniBrowser, reads its title and takes a screenshot', async ({ skip }) => {
    const reason = webkitSkipReason()
    if (reason) skip(reason)
    const browser = await launchWebKit()
    try {
      await browser.driver.get(`${origin}/`)
      expect(await browser.driver.getTitle()).toBe('코스킷 테스트')
      expect(await browser.driver.executeScript('return navigator.language')).toBe('en-US')
      expect(await browser.driver.executeScript('return navigator.userAgent')).toMatch(/AppleWebKit\/.* Safari\//)
      const png = Buffer.from(await browser.driver.takeScreenshot(), 'base64')
      expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE)
      // The IHDR chunk: width and height of the captured viewport.
      expect(png.readUInt32BE(16)).toBeGreaterThan(100)
      expect(png.readUInt32BE(20)).toBeGreaterThan(100)
    } finally {
      await browser.close()
    }
  }, 60_000)

  it('leaves no driver, browser or display running once closed', async ({ skip }) => {
    const reason = webkitSkipReason()
    if (reason) skip(reason)
    const browser = await launchWebKit()
    await browser.driver.get(`${origin}/`)
    const started = descendants().map((process) => process.name)
    expect(started).toEqual(expect.arrayContaining(['Xvfb', 'WebKitWebDriver', 'MiniBrowser']))
    await browser.close()
    await browser.close()
    await expect.poll(() => descendants(), { timeout: 10_000 }).toEqual([])
  }, 60_000)

  it('stops the driver and the display when the browser cannot start', async ({ skip }) => {
    const reason = webkitSkipReason()
    if (reason) skip(reason)
    await expect(launchWebKit({ binary: '/nonexistent/browser' })).rejects.toThrow()
    await expect.poll(() => descendants(), { timeout: 10_000 }).toEqual([])
  }, 60_000)

  it('gives each browser its own display, so two run at once', async ({ skip }) => {
    const reason = webkitSkipReason()
    if (reason) skip(reason)
    const [first, second] = await Promise.all([launchWebKit(), launchWebKit()])
    try {
      expect(first.display).not.toBe(second.display)
      await Promise.all([first.driver.get(`${origin}/`), second.driver.get(`${origin}/`)])
      expect(await first.driver.getTitle()).toBe('코스킷 테스트')
      expect(await second.driver.getTitle()).toBe('코스킷 테스트')
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  }, 60_000)
})

describe('whether WebKit tests run', () => {
  const nowhere = { driver: '/nonexistent/WebKitWebDriver', browser: '/nonexistent/MiniBrowser' }

  it('skips with the reason when WebKitGTK is missing and CI is unset', () => {
    expect(webkitSkipReason({ PATH: '/nonexistent' }, nowhere)).toBe(
      'WebKitGTK is not installed (missing /nonexistent/WebKitWebDriver, /nonexistent/MiniBrowser, Xvfb); scripts/install-webkit.sh installs it',
    )
  })

  it('fails when WebKitGTK is missing under CI', () => {
    expect(() => webkitSkipReason({ PATH: '/nonexistent', CI: 'true' }, nowhere)).toThrow(
      /WebKitGTK is not installed .*CI=true: the WebKit tests must run there, not skip/,
    )
  })

  it('runs when everything is installed', ({ skip }) => {
    if (!webkitAvailable()) skip('WebKitGTK is not installed here')
    expect(webkitSkipReason({ ...process.env, CI: 'true' })).toBeUndefined()
  })
})

describe('a test process ended by a signal', () => {
  it('takes its WebKit processes with it (Vitest ends workers with SIGTERM)', async ({ skip }) => {
    const reason = webkitSkipReason()
    if (reason) skip(reason)
    const launcher = new URL('./webkit.ts', import.meta.url).pathname
    const script = `
      import { launchWebKit } from ${JSON.stringify(launcher)}
      await launchWebKit()
      process.stdout.write('launched\\n')
      setInterval(() => {}, 1000)
    `
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('launched') && resolve())
      child.once('exit', (code) => reject(new Error(`the launching process ended first (${code})`)))
    })
    const started = descendants(child.pid)
    expect(started.map((process) => process.name)).toEqual(
      expect.arrayContaining(['Xvfb', 'WebKitWebDriver', 'MiniBrowser']),
    )
    child.kill('SIGTERM')
    await once(child, 'exit')
    await expect.poll(() => started.filter((process) => alive(process.pid)), { timeout: 10_000 }).toEqual([])
  }, 60_000)
})
