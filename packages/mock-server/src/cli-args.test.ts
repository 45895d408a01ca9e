import { describe, expect, it } from 'vitest'
import { parseServerArgs, UsageError } from './cli-args.ts'

describe('parseServerArgs', () => {
  it('reads every flag', () => {
    expect(
      parseServerArgs([
        '--port',
        '0',
        '--host',
        '::1',
        '--device-limit',
        '3',
        '--lease-minutes',
        '5',
        '--no-demo-accounts',
      ]),
    ).toEqual({
      help: false,
      options: { port: 0, host: '::1', deviceLimit: 3, sessionLeaseMs: 300_000, seedDemoAccounts: false },
    })
    expect(parseServerArgs([])).toEqual({ help: false, options: {} })
    expect(parseServerArgs(['-h'])).toEqual({ help: true })
  })

  it.each([
    [['--port', 'abc'], /--port expects a whole number, got "abc"/],
    [['--port', '70000'], /--port must be between 0 and 65535/],
    [['--device-limit', '0'], /--device-limit must be between 1/],
    [['--device-limit=-2'], /--device-limit expects a whole number/],
    [['--device-limit', '-2'], /argument is ambiguous/],
    [['--lease-minutes', '1.5'], /--lease-minutes expects a whole number/],
    [['--frobnicate'], /Unknown option '--frobnicate'/],
    [['stray'], /Unexpected argument 'stray'|positional/],
  ])('rejects %j with a clear message', (argv, message) => {
    expect(() => parseServerArgs(argv)).toThrow(UsageError)
    expect(() => parseServerArgs(argv)).toThrow(message)
  })
})
