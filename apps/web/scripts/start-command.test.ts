import { createServer } from 'node:net'
import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { describe, expect, it } from 'vitest'
import { parseStartArgs } from './start-args.ts'
import { runStartCommand } from './start-command.ts'

function capture() {
  const out: string[] = []
  const err: string[] = []
  return {
    out,
    err,
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text) },
  }
}

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('parseStartArgs', () => {
  it('defaults to port 5173 and takes --port and --device-limit', () => {
    expect(parseStartArgs([])).toEqual({ help: false, options: { port: 5173 } })
    expect(parseStartArgs(['--port', '8080', '--device-limit', '3'])).toEqual({
      help: false,
      options: { port: 8080, deviceLimit: 3 },
    })
    expect(parseStartArgs(['-h'])).toEqual({ help: true })
  })

  it.each([
    [['--port', 'abc'], '--port expects a whole number, got "abc"'],
    [['--port', '70000'], '--port must be between 1 and 65535, got 70000'],
    [['--device-limit', '0'], '--device-limit must be between 1 and 10000, got 0'],
    [['--colour'], "Unknown option '--colour'"],
    [['serve'], "Unexpected argument 'serve'"],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseStartArgs(argv)).toThrow(message)
  })
})

describe('runStartCommand', () => {
  it('--help prints the usage and exits 0 without serving', async () => {
    const io = capture()
    expect(await runStartCommand(['--help'], { ...io, stop: AbortSignal.abort() })).toBe(0)
    expect(io.out.join('')).toContain('--device-limit <n>')
  })

  it('a bad flag is a clear error with the usage, exit 2', async () => {
    const io = capture()
    expect(await runStartCommand(['--port', 'x'], { ...io, stop: AbortSignal.abort() })).toBe(2)
    expect(io.err.join('')).toMatch(/^npm start --: --port expects a whole number, got "x"\n\nUsage:/)
  })

  it('serves the app and the backend on one origin and prints what to open and how to sign in', async () => {
    const io = capture()
    const stop = new AbortController()
    const port = await freePort()
    let origin = ''
    const listening = new Promise<void>((resolve) => {
      void runStartCommand(['--port', String(port), '--device-limit', '3'], {
        ...io,
        stop: stop.signal,
        onListening: (url) => {
          origin = url
          resolve()
        },
      }).then((code) => expect(code).toBe(0))
    })
    await listening
    try {
      expect(origin).toBe(`http://localhost:${port}`)
      const banner = io.out.join('')
      expect(banner).toContain(`open http://localhost:${port}`)
      expect(banner).toContain(`device limit   3`)
      expect(banner).toContain(`http://localhost:${port}/__dev/mailbox?email=<address>`)
      expect(banner).toContain(`http://localhost:${port}/__dev/sms?phone=<number>`)
      expect(banner).toContain(`password "${DEMO_PASSWORD}"`)
      expect(banner).toContain(demoAccounts.learner.email)
      expect(banner).toContain('npm run coursekit -- serve')
      const page = await fetch(`${origin}/`)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain('<html lang="ko">')
      expect(html).toContain('/src/main.tsx')
      expect(await (await fetch(`${origin}/api/health`)).json()).toEqual({ status: 'ok' })
      // A second one on the same port says so.
      const second = capture()
      expect(await runStartCommand(['--port', String(port)], { ...second, stop: AbortSignal.abort() })).toBe(1)
      expect(second.err.join('')).toBe(`npm start --: port ${port} is in use; pick another with --port\n`)
    } finally {
      stop.abort()
    }
  })
})
