import { describe, expect, it } from 'vitest'
import { DEFAULT_URL, parseOptions } from '../src/options.js'

const noEnv = () => null

describe("the shell's command line (src/options.js)", () => {
  it("opens npm start's server by default, or the URL given by flag or environment", () => {
    expect(parseOptions([], noEnv)).toEqual({ url: DEFAULT_URL, automation: false, commandLog: null, help: false })
    expect(DEFAULT_URL).toBe('http://localhost:5173')
    expect(parseOptions(['--url', 'http://127.0.0.1:4000/'], noEnv).url).toBe('http://127.0.0.1:4000/')
    expect(parseOptions(['--url=https://learn.example'], noEnv).url).toBe('https://learn.example')
    const env = (name: string) =>
      ({ COURSEKIT_DESKTOP_URL: 'http://localhost:4000', COURSEKIT_DESKTOP_COMMAND_LOG: '/tmp/log' })[name] ?? null
    expect(parseOptions([], env)).toMatchObject({ url: 'http://localhost:4000', commandLog: '/tmp/log' })
    expect(parseOptions(['--automation', '--command-log', 'c.jsonl'], env)).toMatchObject({
      automation: true,
      commandLog: 'c.jsonl',
    })
  })

  it('refuses unknown options, missing values and URLs that are not http(s), by name', () => {
    expect(() => parseOptions(['--bogus'], noEnv)).toThrow('unknown option: --bogus')
    expect(() => parseOptions(['--url'], noEnv)).toThrow('--url needs a value')
    expect(() => parseOptions(['--url', 'file:///etc/passwd'], noEnv)).toThrow(
      '--url must be an http(s) URL, not file:///etc/passwd',
    )
  })
})
