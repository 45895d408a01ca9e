import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { type MockServer, startMockServer } from '@coursekit/mock-server/node'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { closedPort } from '../target/test-ports.ts'
import { jsonLines, runCli } from '../terminal/test-io.ts'

const learner = { COURSEKIT_EMAIL: demoAccounts.learner.email, COURSEKIT_PASSWORD: DEMO_PASSWORD }

describe('a target nobody can reach', () => {
  it('devices list and login name the URL and why, within seconds', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`
    const started = performance.now()
    for (const args of [['devices', 'list'], ['devices', 'remove', 'some-id'], ['login']]) {
      const run = await runCli([...args, '--api', url], { env: learner })
      expect({ args, code: run.code }).toEqual({ args, code: 1 })
      expect(run.stderr).toBe(
        `coursekit: cannot reach ${url}: connection refused (is the server running, and on this port?)\n`,
      )
    }
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  it('a simulation of a day stops at once with exit 1 and says why', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`
    const run = await runCli(['simulate', '--devices', '3', '--api', url, '--duration', '24h'], { env: learner })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`cannot reach ${url}: connection refused`)
    const json = await runCli(['simulate', '--devices', '3', '--api', url, '--json'], { env: learner })
    expect(json.code).toBe(1)
    expect(jsonLines(json.stdout)).toEqual([
      { type: 'error', status: null, message: expect.stringContaining(`cannot reach ${url}`) },
    ])
  })

  it('a scenario against it stops before its first step', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`
    const dir = await mkdtemp(join(tmpdir(), 'coursekit-failures-'))
    const file = join(dir, 'one.yaml')
    await writeFile(
      file,
      `name: one\nusers:\n  me: { email: ${learner.COURSEKIT_EMAIL}, password-env: MY_PASSWORD }\ndevices: { a: {} }\nsteps:\n  - sign-in: a\n`,
    )
    const run = await runCli(['scenario', file, '--api', url], { env: { MY_PASSWORD: DEMO_PASSWORD } })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`cannot reach ${url}: connection refused`)
  })
})

describe('against a deployment where nobody can sign in', () => {
  let server: MockServer
  beforeEach(async () => {
    server = await startMockServer({ port: 0 })
  })
  afterEach(async () => {
    await server.close()
  })

  it('a simulation of a day stops once every user is refused, exits 1 and says why', async () => {
    const started = performance.now()
    const run = await runCli(
      ['simulate', '--devices', '4', '--api', server.url, '--duration', '24h', '--ramp-up', '2s', '--json'],
      { env: { ...learner, COURSEKIT_PASSWORD: 'not-the-password' } },
    )
    expect(run.code).toBe(1)
    expect(performance.now() - started).toBeLessThan(10_000)
    expect(run.stderr).toMatch(
      /^coursekit: stopped after \S+: no device could sign in: every user was refused \(1 sign-in failed\); last: 이메일 또는 비밀번호가 올바르지 않습니다\.\n$/,
    )
    const summary = jsonLines(run.stdout).at(-1)!
    expect(summary).toMatchObject({
      type: 'summary',
      stoppedEarly: true,
      stoppedBecause: expect.stringContaining('no device could sign in'),
    })
    expect(summary.simulatedMs as number).toBeLessThan(10_000)
  })
})
