import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

/** Where Debian's packages put WebKitGTK's pieces (scripts/install-webkit.sh installs them). */
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver'
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function onPath(command: string, env: Record<string, string | undefined>): boolean {
  return (env.PATH ?? '').split(delimiter).some((dir) => dir && executable(join(dir, command)))
}

/** The pieces a WebKit test needs that this machine lacks (empty when it has them all). */
export function webkitMissing(
  env: Record<string, string | undefined> = process.env,
  paths = { driver: WEBKIT_DRIVER, browser: MINIBROWSER },
): string[] {
  const missing: string[] = []
  if (!executable(paths.driver)) missing.push(paths.driver)
  if (!executable(paths.browser)) missing.push(paths.browser)
  if (!onPath('Xvfb', env)) missing.push('Xvfb')
  return missing
}

/** Whether WebKitGTK, its WebDriver, MiniBrowser and Xvfb are installed. */
export function webkitAvailable(env: Record<string, string | undefined> = process.env): boolean {
  return webkitMissing(env).length === 0
}

function onCI(env: Record<string, string | undefined>): boolean {
  return env.CI !== undefined && !['', '0', 'false'].includes(env.CI)
}

/**
 * Why a WebKit test cannot run here, for `skip(reason)`; undefined when it can. Under `CI=true` a
 * missing WebKitGTK throws instead (any CI value but empty, 0 or false), so CI can never pass by skipping the WebKit tests.
 */
export function webkitSkipReason(
  env: Record<string, string | undefined> = process.env,
  paths = { driver: WEBKIT_DRIVER, browser: MINIBROWSER },
): string | undefined {
  const missing = webkitMissing(env, paths)
  if (missing.length === 0) return undefined
  const reason = `WebKitGTK is not installed (missing ${missing.join(', ')}); scripts/install-webkit.sh installs it`
  if (onCI(env)) throw new Error(`${reason}. CI=${env.CI}: the WebKit tests must run there, not skip.`)
  return reason
}
