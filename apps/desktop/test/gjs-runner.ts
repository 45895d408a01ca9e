import { execFile, execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * Why WebKitGTK tests cannot run here, or null when they can: `gjs` with the WebKit2 4.1, Soup 3
 * and GTK 3 typelibs (scripts/install-webkit.sh), plus Xvfb and WebKitWebDriver when a window is needed.
 */
export function webkitGtkMissing(needs: { window: boolean }): string | null {
  const probe = [
    "imports.gi.versions.WebKit2 = '4.1'",
    "imports.gi.versions.Soup = '3.0'",
    "imports.gi.versions.Gtk = '3.0'",
    'imports.gi.WebKit2',
    'imports.gi.Soup',
    'imports.gi.Gtk',
  ].join('; ')
  try {
    execFileSync('gjs', ['-c', probe], { stdio: 'ignore' })
  } catch {
    return 'gjs with WebKit2GTK 4.1, libsoup 3 and GTK 3 is not installed; run sh scripts/install-webkit.sh'
  }
  if (!needs.window) return null
  for (const program of ['Xvfb', 'WebKitWebDriver']) {
    try {
      execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' })
    } catch {
      return `${program} is not installed; run sh scripts/install-webkit.sh`
    }
  }
  return null
}

/**
 * The skip rule for WebKitGTK tests: skip with the reason when WebKitGTK is missing and CI is unset;
 * fail when it is missing in CI, so CI can never skip them silently.
 */
export function skipWithoutWebKitGtk(needs: { window: boolean }): boolean {
  const missing = webkitGtkMissing(needs)
  if (missing === null) return false
  if (process.env.CI === 'true') throw new Error(`CI=true and ${missing}`)
  console.warn(`skipped: ${missing}`)
  return true
}

/** Runs one of test/gjs/*.js with `gjs -m` and parses the JSON line it prints. */
export async function runGjs<T>(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<T> {
  const path = fileURLToPath(new URL(`./gjs/${script}`, import.meta.url))
  const { stdout } = await run('gjs', ['-m', path, ...args], { env, timeout: 30_000 })
  const line = stdout.trim().split('\n').at(-1)
  if (!line) throw new Error(`${script} printed nothing`)
  return JSON.parse(line) as T
}
