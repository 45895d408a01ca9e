import { demoAccounts, legacyAccount } from '@coursekit/mock-server'
import { describe, expect, it } from 'vitest'
import { runCli } from '../terminal/test-io.ts'

describe('coursekit serve', () => {
  it("is the mock server's own command: its flags, its demo accounts, and a word when it stops", async () => {
    const stop = new AbortController()
    stop.abort()
    const run = await runCli(['serve', '--port', '0', '--lease', '90m', '--device-limit', '3'], { stop: stop.signal })
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('device limit   3\n')
    expect(run.stdout).toContain('device lease   90m\n')
    for (const account of [...Object.values(demoAccounts), legacyAccount]) expect(run.stdout).toContain(account.email)
    expect(run.stdout.endsWith('Ctrl+C stops it.\nstopped.\n')).toBe(true)
  })

  it('shows the shared usage under its own name, and refuses the old --lease-minutes with exit 2', async () => {
    const help = await runCli(['serve', '--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^Usage: coursekit serve \[options\]/)
    expect(help.stdout).toContain('--lease <duration>')
    const old = await runCli(['serve', '--lease-minutes', '40'])
    expect(old.code).toBe(2)
    expect(old.stderr).toMatch(/^coursekit serve: Unknown option '--lease-minutes'/)
  })

  it('warns when it listens beyond this machine', async () => {
    const stop = new AbortController()
    stop.abort()
    const run = await runCli(['serve', '--port', '0', '--host', '0.0.0.0'], { stop: stop.signal })
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('signs its tokens with a fixed development secret')
  })
})
