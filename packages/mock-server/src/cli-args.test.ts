import { describe, expect, it } from 'vitest'
import { parseServerArgs, UsageError } from './cli-args.ts'

describe('parseServerArgs', () => {
  it('reads every flag', () => {
    expect(
      parseServerArgs(['--port', '0', '--host', '::1', '--device-limit', '3', '--lease', '5m', '--no-demo-accounts']),
    ).toEqual({
      help: false,
      options: { port: 0, host: '::1', deviceLimit: 3, sessionLeaseMs: 300_000, seedDemoAccounts: false },
    })
    expect(parseServerArgs([])).toEqual({ help: false, options: {} })
    expect(parseServerArgs(['-h'])).toEqual({ help: true })
    expect(parseServerArgs(['--lease', '1h30m'])).toEqual({ help: false, options: { sessionLeaseMs: 5_400_000 } })
    expect(parseServerArgs(['--no-force-logout'])).toEqual({ help: false, options: { canForceLogout: false } })
  })

  it('reads the CORS origins (repeatable) and --expose-dev-routes', () => {
    expect(
      parseServerArgs([
        '--cors-origin',
        'http://localhost:5173',
        '--cors-origin=https://app.example/',
        '--expose-dev-routes',
      ]),
    ).toEqual({
      help: false,
      options: { corsOrigins: ['http://localhost:5173', 'https://app.example'], exposeDevRoutes: true },
    })
  })

  it('reads --redirect-allow (repeatable) and --email-max-frequency', () => {
    expect(
      parseServerArgs([
        '--redirect-allow',
        'http://localhost:*/**',
        '--redirect-allow=coursekit://auth/callback',
        '--email-max-frequency',
        '10s',
      ]),
    ).toEqual({
      help: false,
      options: {
        redirectAllowList: ['http://localhost:*/**', 'coursekit://auth/callback'],
        emailMaxFrequencyMs: 10_000,
      },
    })
    expect(parseServerArgs(['--email-max-frequency', '0'])).toEqual({
      help: false,
      options: { emailMaxFrequencyMs: 0 },
    })
  })

  it.each([
    [['--redirect-allow', ''], /--redirect-allow expects a URL or a glob/],
    [['--redirect-allow', 'https://{a,b/x'], /--redirect-allow expects a URL or a glob/],
    [['--email-max-frequency', '60'], /--email-max-frequency expects a duration such as 60s or 2m, or 0, got "60"/],
    [['--email-max-frequency', '500ms'], /--email-max-frequency must be 0 or between 1s and 1d/],
    [
      ['--cors-origin', 'localhost:5173'],
      /--cors-origin expects an origin such as http:\/\/localhost:5173, got "localhost:5173"/,
    ],
    [['--cors-origin', 'http://localhost:5173/app'], /--cors-origin expects an origin/],
    [['--cors-origin', '*'], /--cors-origin expects an origin/],
    [['--port', 'abc'], /--port expects a whole number, got "abc"/],
    [['--port', '70000'], /--port must be between 0 and 65535/],
    [['--device-limit', '0'], /--device-limit must be between 1/],
    [['--device-limit=-2'], /--device-limit must be between 1 and 10000, got -2/],
    [['--device-limit', '-2'], /argument is ambiguous/],
    [['--lease', '40'], /--lease expects a duration such as 40m, 1h or 90s, got "40"/],
    [['--lease', '40 minutes'], /--lease expects a duration/],
    [['--lease', '0s'], /--lease must be between 1s and 7d/],
    [['--lease-minutes', '40'], /Unknown option '--lease-minutes'/],
    [['--host', ''], /--host expects an address/],
    [['--frobnicate'], /Unknown option '--frobnicate'/],
    [['stray'], /Unexpected argument 'stray'|positional/],
  ])('rejects %j with a clear message', (argv, message) => {
    expect(() => parseServerArgs(argv)).toThrow(UsageError)
    expect(() => parseServerArgs(argv)).toThrow(message)
  })
})
