import { describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, demoAccounts, LEGACY_PASSWORD, legacyAccount } from './demo-accounts.ts'
import { runServeCommand } from './serve-command.ts'

interface Captured {
  code: number
  stdout: string
  stderr: string
}

/** Runs the command with its stop already asked for: it starts, prints, stops, and says so. */
async function serveOnce(argv: string[]): Promise<Captured> {
  const out = { stdout: '', stderr: '' }
  const stop = new AbortController()
  stop.abort()
  const code = await runServeCommand(
    argv,
    {
      stdout: { write: (text: string) => (out.stdout += text) },
      stderr: { write: (text: string) => (out.stderr += text) },
      stop: stop.signal,
    },
    'test-serve',
  )
  return { code, ...out }
}

describe('runServeCommand', () => {
  it('prints the URLs, the anon key, the limit, the lease, the dev SMS outbox and every demo account, never a password', async () => {
    const run = await serveOnce(['--port', '0', '--device-limit', '3', '--lease', '90m'])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatch(/^coursekit mock backend listening on http:\/\/127\.0\.0\.1:\d+\n/)
    expect(run.stdout).toMatch(/anon key {7}eyJ/)
    expect(run.stdout).toContain('device limit   3\n')
    expect(run.stdout).toContain('device lease   90m\n')
    expect(run.stdout).toMatch(/dev SMS {8}http:\/\/127\.0\.0\.1:\d+\/__dev\/sms\?phone=<number>/)
    for (const account of [...Object.values(demoAccounts), legacyAccount]) expect(run.stdout).toContain(account.email)
    expect(run.stdout).not.toContain(DEMO_PASSWORD)
    expect(run.stdout).not.toContain(LEGACY_PASSWORD)
    expect(run.stdout.endsWith('Ctrl+C stops it.\nstopped.\n')).toBe(true)
  })

  it('warns that a host other than loopback exposes a backend signing with a fixed secret', async () => {
    const open = await serveOnce(['--port', '0', '--host', '0.0.0.0', '--no-demo-accounts'])
    expect(open.code).toBe(0)
    expect(open.stderr).toContain('test-serve: warning: listening on 0.0.0.0, not just this machine.')
    expect(open.stderr).toContain('fixed development secret')
    expect(open.stdout).not.toContain('Demo accounts')
    for (const host of ['127.0.0.1', 'localhost']) {
      expect((await serveOnce(['--port', '0', '--host', host])).stderr).toBe('')
    }
  })

  it('says which origins may call it from a browser and that the dev routes answer this machine only', async () => {
    const run = await serveOnce(['--port', '0', '--cors-origin', 'http://localhost:5173', '--no-demo-accounts'])
    expect(run.stdout).toMatch(
      /CORS origins {3}http:\/\/127\.0\.0\.1:\d+, http:\/\/localhost:5173 {2}\(more with --cors-origin\)\n/,
    )
    expect(run.stdout).toContain('dev routes     this machine only (/__dev, OAuth consent)\n')
    const exposed = await serveOnce(['--port', '0', '--expose-dev-routes', '--no-demo-accounts'])
    expect(exposed.stdout).toContain('dev routes     every client (--expose-dev-routes)\n')
  })

  it('says where links may lead and the mail limit, and takes both from their flags', async () => {
    const plain = await serveOnce(['--port', '0', '--no-demo-accounts'])
    expect(plain.stdout).toMatch(/redirects {6}http:\/\/127\.0\.0\.1:\d+ {2}\(more with --redirect-allow\)\n/)
    expect(plain.stdout).toContain('mail limit     one of a kind per account per 1m\n')
    const set = await serveOnce([
      '--port',
      '0',
      '--no-demo-accounts',
      '--cors-origin',
      'http://localhost:5173',
      '--redirect-allow',
      'coursekit://auth/**',
      '--email-max-frequency',
      '0',
    ])
    expect(set.stdout).toMatch(
      /redirects {6}http:\/\/127\.0\.0\.1:\d+, http:\/\/localhost:5173, coursekit:\/\/auth\/\*\* {2}\(more/,
    )
    expect(set.stdout).toContain('mail limit     off (--email-max-frequency 0)\n')
  })

  it('shows its usage under the name it was given, and exits 2 on a bad flag', async () => {
    const help = await serveOnce(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^Usage: test-serve \[options\]/)
    expect(help.stdout).toContain('--lease <duration>')
    const bad = await serveOnce(['--lease-minutes', '40'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/^test-serve: Unknown option '--lease-minutes'/)
    expect(bad.stderr).toContain('Usage: test-serve [options]')
  })
})
