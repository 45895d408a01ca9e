import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { type MockServer, startMockServer } from '@coursekit/mock-server/node'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCli } from '../terminal/test-io.ts'

describe('coursekit simulate: what its flags accept and say', () => {
  it('refuses out-of-range, empty and contradictory values, naming what was expected', async () => {
    const cases: [string[], string][] = [
      [['simulate', '--devices', '-5'], 'expected a number from 1 to 1000000, got -5'],
      [['simulate', '--devices', '0'], 'expected a number from 1 to 1000000, got 0'],
      [['simulate', '--devices', '5', '--seed', ''], "option '--seed <seed>' argument '' is invalid. expected a value"],
      [['simulate', '--devices', '5', '--seed', '  '], 'expected a value, got an empty one'],
      [
        ['simulate', '--devices', '5', '--ramp-up', '10h', '--duration', '1h'],
        '--ramp-up (10h) cannot exceed --duration (1h)',
      ],
    ]
    for (const [args, message] of cases) {
      const run = await runCli(args)
      expect({ args, code: run.code }).toEqual({ args, code: 2 })
      expect(run.stderr).toContain(message)
      expect(run.stdout).toBe('')
    }
  })

  it('lists the clocks there are, with the usage hint, for an unknown one', async () => {
    for (const command of [
      ['simulate', '--devices', '5'],
      ['scenario', 'x.yaml'],
    ]) {
      const run = await runCli([...command, '--clock', 'realtime'])
      expect(run.code).toBe(2)
      expect(run.stderr).toContain(
        "coursekit: option '--clock <clock>' argument 'realtime' is invalid. Allowed choices are virtual, real.",
      )
      expect(run.stderr).toContain('(run with --help for usage)')
    }
  })

  it('marks --devices as required in its help', async () => {
    const run = await runCli(['simulate', '--help'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Usage: coursekit simulate --devices <n> [options]')
    expect(run.stdout).toMatch(/--devices <n>\s+devices, each its own client with its own storage\s+\(required\)/)
  })

  it('counts in words that agree with the number', async () => {
    const run = await runCli(['simulate', '--devices', '1', '--duration', '1h'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('coursekit simulate: 1 device, 1 user, limit 2,')
    expect(run.stdout).toMatch(/^device limit 0 events/m)
    expect(run.stdout).toMatch(/· 1 token refresh$/m)
    const two = await runCli(['simulate', '--devices', '3', '--users', '1', '--duration', '1h'])
    // Three devices of one user at a limit of 2: the limit is met once.
    expect(two.stdout).toContain('coursekit simulate: 3 devices, 1 user, limit 2,')
    expect(two.stdout).toMatch(/^device limit 1 event {3}/m)
  })

  it('keeps the device-limit notice out of the errors: it is a warning, expected at the limit', async () => {
    const run = await runCli(['simulate', '--devices', '3', '--users', '1', '--duration', '1h', '--json'])
    const summary = JSON.parse(run.stdout.trim().split('\n').at(-1)!)
    expect(summary.deviceLimitEvents).toBe(1)
    expect(summary.errors).toEqual({ total: 0, network: 0, server: 0, notices: [] })
    // The limit met once, and the device removed to resolve it told why once.
    expect(summary.warnings).toEqual([
      { message: '최대 기기 수에 도달했습니다.', count: 1 },
      { message: '다른 기기에서 이 기기를 로그아웃했습니다. 다시 로그인해주세요.', count: 1 },
    ])
    const table = await runCli(['simulate', '--devices', '3', '--users', '1', '--duration', '1h'])
    expect(table.stdout).toMatch(/^errors {7}0 \(network 0, 5xx 0\)\n/m)
  })
})

describe('coursekit simulate against a deployment', () => {
  let server: MockServer
  beforeEach(async () => {
    server = await startMockServer({ port: 0, deviceLimit: 3 })
  })
  afterEach(async () => {
    await server.close()
  })
  const learner = { COURSEKIT_EMAIL: demoAccounts.learner.email, COURSEKIT_PASSWORD: DEMO_PASSWORD }

  it("does not claim the embedded backend's limit as the server's, and refuses to set it", async () => {
    const run = await runCli(
      ['simulate', '--devices', '1', '--duration', '1s', '--ramp-up', '0', '--api', server.url],
      {
        env: learner,
      },
    )
    expect(run.code).toBe(0)
    expect(run.stdout).toContain("coursekit simulate: 1 device, 1 user, the server's device limit,")
    expect(run.stdout).not.toMatch(/limit \d,/)
    const limit = await runCli(['simulate', '--devices', '1', '--api', server.url, '--device-limit', '3'], {
      env: learner,
    })
    expect(limit.code).toBe(2)
    expect(limit.stderr).toContain('--device-limit, --lease and --token-lifetime set up the embedded backend')
  })
})
