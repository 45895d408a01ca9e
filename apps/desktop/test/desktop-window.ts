import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { launchWebKit, type WebDriver, type WebKitBrowser } from '@coursekit/test-browser'

/** How long a step waits for the page before failing (page loads and decoding on a busy machine). */
const STEP_TIMEOUT_MS = 30_000

export const SHELL_MAIN = fileURLToPath(new URL('../src/main.js', import.meta.url))

/** The folders the shell keeps things in, all under one temporary home. */
export interface ShellHome {
  root: string
  /** The native store's file (XDG_CONFIG_HOME/coursekit/desktop-store.json). */
  storeFile: string
  downloads: string
  commandLog: string
  env: Record<string, string>
}

export async function makeShellHome(): Promise<ShellHome> {
  const root = await mkdtemp(join(tmpdir(), 'coursekit-desktop-home-'))
  const config = join(root, 'config')
  const downloads = join(root, 'downloads')
  await mkdir(config, { recursive: true })
  // GLib reads the download folder from the XDG user-dirs file.
  await writeFile(join(config, 'user-dirs.dirs'), `XDG_DOWNLOAD_DIR="${downloads}"\n`)
  return {
    root,
    storeFile: join(config, 'coursekit', 'desktop-store.json'),
    downloads,
    commandLog: join(root, 'commands.jsonl'),
    env: {
      HOME: root,
      XDG_CONFIG_HOME: config,
      XDG_DATA_HOME: join(root, 'data'),
      XDG_CACHE_HOME: join(root, 'cache'),
    },
  }
}

/** The shell (gjs src/main.js --automation) on Xvfb, driven by WebKitWebDriver. */
export async function launchShell(home: ShellHome, url: string): Promise<WebKitBrowser> {
  return launchWebKit({
    binary: 'gjs',
    args: ['-m', SHELL_MAIN, '--automation', '--url', url, '--command-log', home.commandLog],
    env: home.env,
    screen: { width: 1400, height: 1000 },
  })
}

/** The built app with the mock backend behind a request-logging front (test/app-server.ts). */
export async function serveApp(requestLog: string): Promise<{ origin: string; close(): Promise<void> }> {
  const script = fileURLToPath(new URL('./app-server.ts', import.meta.url))
  const child = spawn(process.execPath, ['--conditions=@coursekit/source', script, requestLog], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['pipe', 'pipe', 'inherit'],
    // A production build, as people get it.
    env: { ...process.env, NODE_ENV: 'production' },
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const origin = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('{')) resolve((JSON.parse(line) as { origin: string }).origin)
    })
    void exited.then((code) => reject(new Error(`the app server ended before serving (exit ${code})`)))
  })
  return {
    origin,
    async close() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** What WebDriver gives for a DOM element returned from a script. */
interface PageElement {
  click(): Promise<void>
  clear(): Promise<void>
  sendKeys(...keys: string[]): Promise<void>
}

/** Steps on the shell's page in words a person would use; waits poll the page, never sleep. */
export class ShellPage {
  readonly driver: WebDriver
  readonly origin: string

  constructor(driver: WebDriver, origin: string) {
    this.driver = driver
    this.origin = origin
  }

  async goto(path: string): Promise<void> {
    await this.driver.get(new URL(path, this.origin).href)
  }

  async path(): Promise<string> {
    return new URL(await this.driver.getCurrentUrl()).pathname
  }

  evaluate<T>(body: string, ...args: unknown[]): Promise<T> {
    return this.driver.executeScript<T>(body, ...args)
  }

  /** Runs `body` with a `done` callback in the page (for promises) and returns what it passed. */
  evaluateAsync<T>(body: string): Promise<T> {
    return this.driver.executeAsyncScript<T>(`const done = arguments[arguments.length - 1]; ${body}`)
  }

  async until(what: string, condition: () => Promise<boolean>): Promise<void> {
    await this.driver.wait(condition, STEP_TIMEOUT_MS, `waited ${STEP_TIMEOUT_MS} ms for ${what}`)
  }

  text(): Promise<string> {
    return this.evaluate<string>('return document.body.innerText')
  }

  async untilText(text: string): Promise<void> {
    await this.until(`"${text}" on the page`, async () => (await this.text()).includes(text))
  }

  async untilPath(path: string): Promise<void> {
    await this.until(`the path ${path}`, async () => (await this.path()) === path)
  }

  /** Clicks, with WebDriver's pointer, the visible button or link (inside `scope`) whose text is `name`. */
  async click(name: string, scope = 'body'): Promise<void> {
    const find = `
      const [name, scope] = arguments
      return [...document.querySelectorAll(scope + ' button, ' + scope + ' a')]
        .find((element) => element.innerText.trim() === name && element.getClientRects().length > 0) ?? null`
    await this.until(`a visible "${name}"`, async () => (await this.evaluate(find, name, scope)) !== null)
    const element = await this.evaluate<PageElement>(find, name, scope)
    await element.click()
  }

  /** Types into the field found by `css`, as a person would. */
  async type(css: string, text: string): Promise<void> {
    const field = await this.evaluate<PageElement>('return document.querySelector(arguments[0])', css)
    await field.clear()
    await field.sendKeys(text)
  }
}

export async function removeShellHome(home: ShellHome): Promise<void> {
  // The shell's processes may still be writing their caches for a moment after the session ends.
  await rm(home.root, { recursive: true, force: true, maxRetries: 5 })
}
