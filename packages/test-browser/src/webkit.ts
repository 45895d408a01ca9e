import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { Capabilities, WebDriver } from 'selenium-webdriver'
import { type OwnedProcess, spawnOwned } from './child-process.ts'
import { MINIBROWSER, WEBKIT_DRIVER } from './webkit-available.ts'
import { startXvfb, type VirtualDisplay } from './xvfb.ts'

// selenium-webdriver is CommonJS with no "exports" map: its http module is a folder, which only
// require() resolves.
const { Executor, HttpClient } = createRequire(import.meta.url)(
  'selenium-webdriver/http',
) as typeof import('selenium-webdriver/http', { with: { 'resolution-mode': 'require' }})

export interface WebKitOptions {
  /** The WebKitGTK program the driver starts: MiniBrowser by default, or e.g. a gjs shell. */
  binary?: string
  /** Its arguments; it must accept `--automation` (WebKitGTK's automation mode) among them. */
  args?: string[]
  /** Variables added to the environment of the driver and so of the program it starts. */
  env?: Record<string, string>
  /** The virtual screen's size. */
  screen?: { width: number; height: number }
}

/** One WebKitGTK browser on a display of its own, driven through one WebDriver session. */
export interface WebKitBrowser {
  driver: WebDriver
  /** The Xvfb display it draws on, e.g. ":3". */
  display: string
  /** Ends the session (closing the browser), then stops the driver and Xvfb; safe to call twice. */
  close(): Promise<void>
}

/**
 * WebKitGTK takes navigator.language from the locale variables; under C.UTF-8 it is "C", which Intl
 * refuses. The Chromium tests run in en-US too.
 */
const ENGLISH = { LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' }

const DRIVER_START_TIMEOUT_MS = 15_000
/** Another process may take the free port between finding it and the driver binding it. */
const DRIVER_START_TRIES = 3

/**
 * Starts Xvfb, a WebKitWebDriver of its own (it serves one session at a time, so one driver per
 * browser) and a W3C session whose browser is `binary` run with `args`. Everything started is
 * stopped again when any step fails, and by `close()`.
 */
export async function launchWebKit(options: WebKitOptions = {}): Promise<WebKitBrowser> {
  const xvfb = await startXvfb(options.screen)
  let driverProcess: OwnedProcess | undefined
  try {
    const env = { ...process.env, ...ENGLISH, ...options.env, DISPLAY: xvfb.display }
    const started = await startDriver(env)
    driverProcess = started.process
    const capabilities = new Capabilities({
      'webkitgtk:browserOptions': { binary: options.binary ?? MINIBROWSER, args: options.args ?? ['--automation'] },
    })
    const driver = WebDriver.createSession(new Executor(new HttpClient(started.url)), capabilities)
    // The session is created in the background: a browser that cannot start fails here.
    await driver.getSession()
    return { driver, display: xvfb.display, close: closer(driver, started.process, xvfb) }
  } catch (error) {
    await driverProcess?.stop()
    await xvfb.close()
    throw error
  }
}

function closer(driver: WebDriver, driverProcess: OwnedProcess, xvfb: VirtualDisplay): () => Promise<void> {
  let closing: Promise<void> | undefined
  const close = async () => {
    try {
      await driver.quit()
    } finally {
      // When quitting failed the browser may still run: it exits with its display.
      await driverProcess.stop()
      await xvfb.close()
    }
  }
  return () => {
    closing ??= close()
    return closing
  }
}

async function startDriver(env: NodeJS.ProcessEnv): Promise<{ url: string; process: OwnedProcess }> {
  let lastError: Error | undefined
  for (let attempt = 0; attempt < DRIVER_START_TRIES; attempt++) {
    const port = await freePort()
    const driver = spawnOwned(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], { env })
    const url = `http://127.0.0.1:${port}/`
    try {
      await waitUntilReady(url, driver)
      return { url, process: driver }
    } catch (error) {
      await driver.stop()
      lastError = error as Error
    }
  }
  throw lastError
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(address)))
    })
  })
}

/** Polls the driver's W3C status endpoint until it says ready; fails at once if the driver exits. */
async function waitUntilReady(url: string, driver: OwnedProcess): Promise<void> {
  let exited = false
  void driver.exited.then(() => {
    exited = true
  })
  const giveUpAt = Date.now() + DRIVER_START_TIMEOUT_MS
  while (Date.now() < giveUpAt) {
    if (exited) throw new Error(`WebKitWebDriver exited on start: ${driver.output()}`)
    const ready = await fetch(new URL('status', url))
      .then(async (response) => response.ok && (await response.json()).value?.ready === true)
      .catch(() => false)
    if (ready) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`WebKitWebDriver did not answer within ${DRIVER_START_TIMEOUT_MS} ms: ${driver.output()}`)
}
