import { describe, expect, it } from 'vitest'
import { jsonLines, runCli } from '../terminal/test-io.ts'

describe('coursekit simulate', () => {
  it('runs devices through a simulated day and prints the summary table', async () => {
    const run = await runCli([
      'simulate',
      '--devices',
      '30',
      '--users',
      '12',
      '--duration',
      '6h',
      '--watch-ratio',
      '0.3',
    ])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain(
      'coursekit simulate: 30 devices, 12 users, limit 2, watching 30%, 6h on the virtual clock',
    )
    expect(run.stdout).toMatch(/^6h simulated in /m)
    expect(run.stdout).toMatch(/^POST \/api\/v2\/session-tracker\/heartbeat\s+[\d,]+\s+[\d,]+/m)
    expect(run.stdout).toMatch(/^latency {6}p50 [\d.]+ ms {3}p95 [\d.]+ ms {3}p99 [\d.]+ ms/m)
    expect(run.stdout).toMatch(/^heartbeats {3}watching [\d.]+\/h over [\d,.]+ device-hours {3}idle [\d.]+\/h/m)
    // 30 devices over 12 users at a limit of 2: some users have 3 devices, so the limit is met.
    expect(run.stdout).toMatch(/^device limit [1-9][\d,]* events/m)
    expect(run.stdout).not.toMatch(/eyJ[\w-]{10,}\./)
  })

  it('with --json prints events as JSON lines and ends with the summary; rates follow the spec', async () => {
    const run = await runCli([
      'simulate',
      '--devices',
      '24',
      '--users',
      '24',
      '--duration',
      '8h',
      '--watch-ratio',
      '0.25',
      '--json',
    ])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    const lines = jsonLines(run.stdout)
    const summary = lines.at(-1)!
    const events = lines.slice(0, -1)
    expect(events.every((line) => line.type === 'event')).toBe(true)
    expect(events[0]).toEqual(
      expect.objectContaining({
        type: 'event',
        event: expect.any(String),
        t: expect.any(Number),
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        device: expect.stringMatching(/^d\d{4}$/),
        user: expect.stringMatching(/^u\d{4}$/),
      }),
    )
    expect(events.filter((line) => line.event === 'signedIn')).toHaveLength(24)
    expect(events.filter((line) => line.event === 'registered')).toHaveLength(24)
    expect(summary).toMatchObject({
      type: 'summary',
      command: 'simulate',
      clock: 'virtual',
      target: 'embedded mock backend',
      seed: '1',
      devices: 24,
      users: 24,
      deviceLimit: 2,
      watchRatio: 0.25,
      simulatedMs: 8 * 3_600_000,
      deviceLimitEvents: 0,
      videoConflicts: 0,
      evictions: { total: 0 },
      errors: { total: 0, network: 0, server: 0 },
      devicesAtEnd: { signedIn: 24, registered: 24 },
    })
    const requests = summary.requests as {
      total: number
      byEndpoint: { endpoint: string; statuses: Record<string, number> }[]
    }
    const heartbeat = requests.byEndpoint.find((row) => row.endpoint === 'POST /api/v2/session-tracker/heartbeat')!
    expect(Object.keys(heartbeat.statuses)).toEqual(['200'])
    const rates = summary.heartbeatsPerDeviceHour as { watching: number; idle: number }
    // Spec section 9: every minute while watching, every 20 minutes idle.
    expect(rates.watching).toBeGreaterThan(55)
    expect(rates.watching).toBeLessThanOrEqual(61)
    expect(rates.idle).toBeGreaterThan(2)
    expect(rates.idle).toBeLessThanOrEqual(3.1)
    const latency = summary.latencyMs as { p50: number; p95: number; p99: number }
    expect(latency.p50).toBeGreaterThan(0)
    expect(latency.p50).toBeLessThanOrEqual(latency.p95)
    expect(latency.p95).toBeLessThanOrEqual(latency.p99)
    expect(run.stdout).not.toMatch(/eyJ[\w-]{10,}\./)
    expect(run.stdout).not.toMatch(/sim-[0-9a-f]{24}/)
  })

  it('is the same run for the same seed, and another for another seed', async () => {
    const counts = async (seed: string) => {
      const run = await runCli([
        'simulate',
        '--devices',
        '12',
        '--duration',
        '4h',
        '--watch-ratio',
        '0.3',
        '--seed',
        seed,
        '--json',
      ])
      const events = jsonLines(run.stdout).filter((line) => line.type === 'event')
      return events.map((line) => `${String(line.t)} ${String(line.device)} ${String(line.event)}`).sort()
    }
    const first = await counts('7')
    expect(await counts('7')).toEqual(first)
    expect(await counts('8')).not.toEqual(first)
  })

  it('draws a progress line on a terminal, erased before the summary', async () => {
    const run = await runCli(['simulate', '--devices', '10', '--duration', '24h'], {
      tty: true,
      env: { NO_COLOR: '1' },
    })
    expect(run.code).toBe(0)
    const erase = '\r\u001b[2K'
    const lines = run.stderr.split(erase).filter(Boolean)
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) {
      expect(line).toMatch(
        /^simulated \d\d:\d\d:\d\d \/ 24:00:00 · 10 devices, \d+ registered · [\d,]+ requests · [\d,]+ req\/s$/,
      )
    }
    expect(run.stderr.startsWith(erase)).toBe(true)
    expect(run.stderr.endsWith(erase)).toBe(true)
    expect(run.stdout).not.toContain('\u001b[')
  })

  it("dims the progress line's label on a colour terminal", async () => {
    const run = await runCli(['simulate', '--devices', '10', '--duration', '24h'], { tty: true, env: {} })
    expect(run.code).toBe(0)
    const lines = run.stderr.split('\r\u001b[2K').filter(Boolean)
    expect(lines.length).toBeGreaterThan(0)
    const dimmed = '\u001b[2msimulated\u001b[22m '
    for (const line of lines) {
      expect(line.startsWith(dimmed)).toBe(true)
      expect(line.slice(dimmed.length)).toMatch(/^\d\d:\d\d:\d\d \/ 24:00:00 · /)
    }
  })

  it('stops early when asked (Ctrl+C) and still prints the summary', async () => {
    const stop = new AbortController()
    stop.abort()
    const run = await runCli(['simulate', '--devices', '5', '--duration', '24h', '--json'], { stop: stop.signal })
    expect(run.code).toBe(0)
    const summary = jsonLines(run.stdout).at(-1)!
    expect(summary).toMatchObject({ type: 'summary', stoppedEarly: true })
    expect(summary.simulatedMs as number).toBeLessThan(3_600_000)
  })

  it('runs on the real clock against the embedded backend when asked', async () => {
    const run = await runCli([
      'simulate',
      '--devices',
      '2',
      '--duration',
      '1500ms',
      '--ramp-up',
      '0',
      '--clock',
      'real',
      '--json',
    ])
    expect(run.code).toBe(0)
    const summary = jsonLines(run.stdout).at(-1)!
    expect(summary).toMatchObject({ clock: 'real', devicesAtEnd: { signedIn: 2, registered: 2 } })
    expect(summary.wallMs as number).toBeGreaterThanOrEqual(1400)
  })

  it('refuses bad flags with a clear message and exit 2', async () => {
    const cases: [string[], string][] = [
      [['simulate'], "required option '--devices <n>' not specified"],
      [['simulate', '--devices', 'many'], 'expected a whole number, got "many"'],
      [['simulate', '--devices', '5', '--watch-ratio', '2'], 'expected a share from 0 to 1'],
      [['simulate', '--devices', '5', '--duration', 'forever'], 'expected a duration such as 24h'],
      [['simulate', '--devices', '5', '--users', '9'], '--users (9) cannot exceed --devices (5)'],
      [['simulate', '--devices', '5', '--clock', 'sundial'], 'Allowed choices are virtual, real.'],
      [['simulate', '--devices', '5', '--frobnicate'], "unknown option '--frobnicate'"],
      [['simulate', '--devices', '5', '--api', 'ftp://x'], 'expected an http(s) URL'],
      [
        ['simulate', '--devices', '5', '--api', 'https://api.example.com'],
        'needs its Supabase anon key: pass --anon-key or set COURSEKIT_ANON_KEY',
      ],
      [
        ['simulate', '--devices', '5', '--api', 'https://api.example.com', '--anon-key', 'k', '--clock', 'virtual'],
        '--clock virtual works only with the embedded backend',
      ],
      [
        ['simulate', '--devices', '5', '--api', 'https://api.example.com', '--anon-key', 'k'],
        'a deployment needs accounts: set COURSEKIT_EMAIL and COURSEKIT_PASSWORD',
      ],
    ]
    for (const [args, message] of cases) {
      const run = await runCli(args)
      expect({ args, code: run.code }).toEqual({ args, code: 2 })
      expect(run.stderr).toContain(message)
      expect(run.stdout).toBe('')
    }
  })
})
