import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { launchWebKit, type WebKitBrowser } from '@coursekit/test-browser'

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

export async function removeShellHome(home: ShellHome): Promise<void> {
  // The shell's processes may still be writing their caches for a moment after the session ends.
  await rm(home.root, { recursive: true, force: true, maxRetries: 5 })
}
