import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { SHELL_MAIN } from './desktop-window.ts'
import { skipWithoutWebKitGtk } from './gjs-runner.ts'

const run = promisify(execFile)

describe.skipIf(skipWithoutWebKitGtk({ window: false }))('starting the shell (src/main.js)', () => {
  it('without a display, says how to run it headless and exits 1 instead of hanging', async () => {
    const { DISPLAY: _display, WAYLAND_DISPLAY: _wayland, ...env } = process.env
    const failure = await run('gjs', ['-m', SHELL_MAIN], { env, timeout: 20_000 }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toContain(
      'coursekit desktop could not start: no display to open the window on; headless, run it under xvfb-run -a',
    )
  })

  it('refuses an unknown option with the usage, exit 2', async () => {
    const failure = await run('gjs', ['-m', SHELL_MAIN, '--bogus'], { timeout: 20_000 }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    )
    expect(failure?.code).toBe(2)
    expect(failure?.stderr).toContain('unknown option: --bogus')
    expect(failure?.stderr).toContain('Usage: gjs -m apps/desktop/src/main.js')
  })
})
